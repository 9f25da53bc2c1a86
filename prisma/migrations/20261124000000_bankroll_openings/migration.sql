-- Opening balances of the bankroll per chain instance and asset, for reconcile.
CREATE TABLE "BankrollOpening" (
    "id" UUID NOT NULL,
    "chainId" INTEGER NOT NULL,
    "genesisHash" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "blockNumber" INTEGER NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BankrollOpening_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BankrollOpening_chainId_genesisHash_address_asset_key" ON "BankrollOpening"("chainId", "genesisHash", "address", "asset");
