-- CreateTable
CREATE TABLE "TreasurySource" (
    "id" UUID NOT NULL,
    "chainId" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "addedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removedBy" TEXT,
    "removedAt" TIMESTAMPTZ(3),

    CONSTRAINT "TreasurySource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TreasuryTopUp" (
    "id" UUID NOT NULL,
    "chainId" INTEGER NOT NULL,
    "genesisHash" TEXT NOT NULL,
    "bankroll" TEXT NOT NULL,
    "sourceId" UUID NOT NULL,
    "asset" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "logIndex" INTEGER NOT NULL,
    "blockNumber" INTEGER NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TreasuryTopUp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TreasurySource_chainId_address_idx" ON "TreasurySource"("chainId", "address");

-- CreateIndex
CREATE INDEX "TreasuryTopUp_createdAt_id_idx" ON "TreasuryTopUp"("createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "TreasuryTopUp_chainId_genesisHash_txHash_logIndex_key" ON "TreasuryTopUp"("chainId", "genesisHash", "txHash", "logIndex");

-- AddForeignKey
ALTER TABLE "TreasuryTopUp" ADD CONSTRAINT "TreasuryTopUp_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "TreasurySource"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One active registration of an address on a chain (Prisma cannot declare a partial unique index): a second
-- `treasury source add` of the same address loses here even when two run at once.
CREATE UNIQUE INDEX "TreasurySource_one_active" ON "TreasurySource"("chainId", "address") WHERE "removedAt" IS NULL;
