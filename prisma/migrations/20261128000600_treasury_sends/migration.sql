-- Treasury sends (CONTRACT §9): cold-storage addresses, the transfers to them, and their reservations, which share
-- the Reservation table (and so the liquidity lock's active sum and the consumption trigger) with the payouts.
CREATE TABLE "ColdAddress" (
    "id" UUID NOT NULL,
    "chainId" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "addedBy" TEXT NOT NULL,
    "removedBy" TEXT,
    "removedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ColdAddress_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ColdAddress_chainId_address_key" ON "ColdAddress"("chainId", "address");

CREATE TYPE "TreasuryTransferStatus" AS ENUM ('REQUESTED', 'SIGNED', 'CONFIRMED', 'FAILED');

CREATE TABLE "TreasuryTransfer" (
    "id" UUID NOT NULL,
    "chainId" INTEGER NOT NULL,
    "asset" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "amountRaw" DECIMAL(78,0) NOT NULL,
    "toAddress" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "status" "TreasuryTransferStatus" NOT NULL DEFAULT 'REQUESTED',
    "txHash" TEXT,
    "failureReason" TEXT,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "TreasuryTransfer_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "TreasuryTransfer_chainId_status_idx" ON "TreasuryTransfer"("chainId", "status");

-- A reservation belongs to a withdrawal or to a treasury send, never to both or neither.
ALTER TABLE "Reservation" ALTER COLUMN "withdrawalId" DROP NOT NULL;
ALTER TABLE "Reservation" ADD COLUMN "treasuryTransferId" UUID;
CREATE UNIQUE INDEX "Reservation_treasuryTransferId_key" ON "Reservation"("treasuryTransferId");
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_treasuryTransferId_fkey" FOREIGN KEY ("treasuryTransferId") REFERENCES "TreasuryTransfer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_one_owner" CHECK (("withdrawalId" IS NULL) <> ("treasuryTransferId" IS NULL));
