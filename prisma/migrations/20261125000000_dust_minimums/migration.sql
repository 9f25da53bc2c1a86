-- Dust: a per-asset minimum deposit in raw units (0 = none), and deposits below it recorded as DUST.
ALTER TYPE "DepositStatus" ADD VALUE 'DUST';

ALTER TABLE "Chain" ADD COLUMN "nativeMinDepositRaw" DECIMAL(78,0) NOT NULL DEFAULT 0;

ALTER TABLE "Token" ADD COLUMN "minDepositRaw" DECIMAL(78,0) NOT NULL DEFAULT 0;

CREATE INDEX "Deposit_status_createdAt_idx" ON "Deposit"("status", "createdAt");
