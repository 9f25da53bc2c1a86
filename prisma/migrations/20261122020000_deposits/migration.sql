-- CreateEnum
CREATE TYPE "DepositStatus" AS ENUM ('CONFIRMING', 'SWEEPING', 'PRICING', 'CREDITED', 'DROPPED');

-- CreateEnum
CREATE TYPE "OutboundTxStatus" AS ENUM ('SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED');

-- AlterTable
ALTER TABLE "Operator" ADD COLUMN     "depositFeeBps" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "DepositAddress" (
    "id" UUID NOT NULL,
    "operatorId" UUID NOT NULL,
    "externalUserId" TEXT NOT NULL,
    "hdIndex" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DepositAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Deposit" (
    "id" BIGSERIAL NOT NULL,
    "chainId" INTEGER NOT NULL,
    "txHash" TEXT NOT NULL,
    "logIndex" INTEGER NOT NULL,
    "blockNumber" INTEGER NOT NULL,
    "blockHash" TEXT NOT NULL,
    "operatorId" UUID NOT NULL,
    "externalUserId" TEXT NOT NULL,
    "depositAddress" TEXT NOT NULL,
    "tokenAddress" TEXT,
    "symbol" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "grossAmount" DECIMAL(78,0) NOT NULL,
    "feeAmount" DECIMAL(78,0),
    "amount" DECIMAL(78,0),
    "status" "DepositStatus" NOT NULL DEFAULT 'CONFIRMING',
    "sessionId" UUID,
    "sweepTxHash" TEXT,
    "priceUsd" DECIMAL(38,18),
    "amountInDollar" DECIMAL(38,6),
    "feeInDollar" DECIMAL(38,6),
    "amountInLocalCurrency" DECIMAL(38,6),
    "localCurrencyCode" TEXT,
    "currentRate" DECIMAL(38,18),
    "droppedReason" TEXT,
    "confirmedAt" TIMESTAMPTZ(3),
    "creditedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Deposit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChainCursor" (
    "chainId" INTEGER NOT NULL,
    "nextBlock" INTEGER NOT NULL,
    "lastBlockHash" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ChainCursor_pkey" PRIMARY KEY ("chainId")
);

-- CreateTable
CREATE TABLE "OutboundTx" (
    "id" UUID NOT NULL,
    "chainId" INTEGER NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "rawTx" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "status" "OutboundTxStatus" NOT NULL DEFAULT 'SIGNED',
    "blockNumber" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OutboundTx_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DepositAddress_hdIndex_key" ON "DepositAddress"("hdIndex");

-- CreateIndex
CREATE UNIQUE INDEX "DepositAddress_address_key" ON "DepositAddress"("address");

-- CreateIndex
CREATE UNIQUE INDEX "DepositAddress_operatorId_externalUserId_key" ON "DepositAddress"("operatorId", "externalUserId");

-- CreateIndex
CREATE INDEX "Deposit_operatorId_externalUserId_createdAt_idx" ON "Deposit"("operatorId", "externalUserId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Deposit_chainId_txHash_logIndex_key" ON "Deposit"("chainId", "txHash", "logIndex");

-- CreateIndex
CREATE UNIQUE INDEX "OutboundTx_purpose_key" ON "OutboundTx"("purpose");

-- CreateIndex
CREATE UNIQUE INDEX "OutboundTx_txHash_key" ON "OutboundTx"("txHash");

-- CreateIndex
CREATE UNIQUE INDEX "OutboundTx_chainId_fromAddress_nonce_key" ON "OutboundTx"("chainId", "fromAddress", "nonce");

-- AddForeignKey
ALTER TABLE "DepositAddress" ADD CONSTRAINT "DepositAddress_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
