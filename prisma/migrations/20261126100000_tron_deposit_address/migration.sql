-- A user's TRON deposit address: the same HD index on TRON's path (m/44'/195'/0'/0/i).
ALTER TABLE "DepositAddress" ADD COLUMN "tronAddress" TEXT;
CREATE UNIQUE INDEX "DepositAddress_tronAddress_key" ON "DepositAddress"("tronAddress");
