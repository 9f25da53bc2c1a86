-- CreateEnum
CREATE TYPE "WithdrawMode" AS ENUM ('A', 'B', 'C');

-- CreateEnum
CREATE TYPE "WithdrawStatus" AS ENUM ('PENDING', 'PROCESSING', 'AWAITING_APPROVAL', 'CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING', 'COMPLETED', 'REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "ReservationStatus" AS ENUM ('ACTIVE', 'RELEASED', 'CONSUMED');

-- CreateTable
CREATE TABLE "Withdrawal" (
    "id" UUID NOT NULL,
    "operatorId" UUID NOT NULL,
    "mode" "WithdrawMode" NOT NULL,
    "status" "WithdrawStatus" NOT NULL,
    "sessionId" UUID,
    "sessionRef" TEXT NOT NULL,
    "externalUserId" TEXT NOT NULL,
    "operatorReference" TEXT,
    "address" TEXT NOT NULL,
    "chainId" INTEGER NOT NULL,
    "tokenAddress" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "fiatAmount" DECIMAL(38,2) NOT NULL,
    "fiatCurrency" TEXT NOT NULL,
    "cryptoAmountRaw" DECIMAL(78,0),
    "cryptoAmountSent" DECIMAL(38,8),
    "amountInUsd" DECIMAL(38,6),
    "priceRate" DECIMAL(38,18),
    "capAmount" DECIMAL(38,6),
    "capCurrency" TEXT,
    "held" BOOLEAN NOT NULL DEFAULT false,
    "heldReason" TEXT,
    "settlementTxHash" TEXT,
    "retryable" BOOLEAN,
    "reasonCode" TEXT,
    "adminNote" TEXT,
    "adminNoteBy" TEXT,
    "adminNoteAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3),
    "executedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Withdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Reservation" (
    "id" UUID NOT NULL,
    "withdrawalId" UUID NOT NULL,
    "chainId" INTEGER NOT NULL,
    "tokenAddress" TEXT NOT NULL,
    "rawAmount" DECIMAL(78,0) NOT NULL,
    "status" "ReservationStatus" NOT NULL DEFAULT 'ACTIVE',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "releasedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Reservation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Withdrawal_sessionRef_idx" ON "Withdrawal"("sessionRef");

-- CreateIndex
CREATE INDEX "Withdrawal_operatorId_status_idx" ON "Withdrawal"("operatorId", "status");

-- CreateIndex
CREATE INDEX "Withdrawal_sessionId_idx" ON "Withdrawal"("sessionId");

-- CreateIndex
CREATE INDEX "Withdrawal_createdAt_id_idx" ON "Withdrawal"("createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Withdrawal_operatorId_operatorReference_key" ON "Withdrawal"("operatorId", "operatorReference");

-- CreateIndex
CREATE UNIQUE INDEX "Reservation_withdrawalId_key" ON "Reservation"("withdrawalId");

-- CreateIndex
CREATE INDEX "Reservation_chainId_tokenAddress_status_idx" ON "Reservation"("chainId", "tokenAddress", "status");

-- AddForeignKey
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_withdrawalId_fkey" FOREIGN KEY ("withdrawalId") REFERENCES "Withdrawal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- One live widget withdrawal per session (not expressible in schema.prisma): concurrent submissions cannot both
-- create one, and the loser answers WITHDRAW_IN_PROGRESS.
CREATE UNIQUE INDEX "Withdrawal_one_live_per_session" ON "Withdrawal"("sessionId")
  WHERE "sessionId" IS NOT NULL AND "status" IN ('PENDING', 'PROCESSING', 'AWAITING_APPROVAL');
