-- Aggregate sweeps of a deposit address's dust, once its total pays for the gas.
CREATE TYPE "DustSweepStatus" AS ENUM ('SWEEPING', 'SWEPT', 'FAILED');

CREATE TABLE "DustSweep" (
    "id" BIGSERIAL NOT NULL,
    "chainId" INTEGER NOT NULL,
    "depositAddress" TEXT NOT NULL,
    "tokenAddress" TEXT,
    "decimals" INTEGER NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "status" "DustSweepStatus" NOT NULL DEFAULT 'SWEEPING',
    "sweepTxHash" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "DustSweep_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "DustSweep_chainId_status_idx" ON "DustSweep"("chainId", "status");

ALTER TABLE "Deposit" ADD COLUMN "dustSweepId" BIGINT;
