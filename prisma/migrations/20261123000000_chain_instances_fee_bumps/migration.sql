-- Chain instances (genesis hash) and fee-bump candidates of outbound transactions.
ALTER TYPE "OutboundTxStatus" ADD VALUE 'DROPPED';
ALTER TYPE "OutboundTxStatus" ADD VALUE 'RETIRED';

ALTER TABLE "Chain" ADD COLUMN "genesisHash" TEXT;

-- Rows signed before instances were tracked belong to an unknown instance: they never block a new one's nonces.
ALTER TABLE "OutboundTx" ADD COLUMN "genesisHash" TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE "OutboundTx" ALTER COLUMN "genesisHash" DROP DEFAULT;
ALTER TABLE "OutboundTx" ADD COLUMN "stuckAt" TIMESTAMPTZ(3);
DROP INDEX "OutboundTx_chainId_fromAddress_nonce_key";
CREATE UNIQUE INDEX "OutboundTx_chainId_genesisHash_fromAddress_nonce_key" ON "OutboundTx"("chainId", "genesisHash", "fromAddress", "nonce");
CREATE INDEX "OutboundTx_status_stuckAt_idx" ON "OutboundTx"("status", "stuckAt");

CREATE TABLE "OutboundTxCandidate" (
    "id" UUID NOT NULL,
    "outboundTxId" UUID NOT NULL,
    "txHash" TEXT NOT NULL,
    "rawTx" TEXT NOT NULL,
    "maxFeePerGas" DECIMAL(78,0) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OutboundTxCandidate_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OutboundTxCandidate_txHash_key" ON "OutboundTxCandidate"("txHash");
CREATE INDEX "OutboundTxCandidate_outboundTxId_createdAt_idx" ON "OutboundTxCandidate"("outboundTxId", "createdAt");
ALTER TABLE "OutboundTxCandidate" ADD CONSTRAINT "OutboundTxCandidate_outboundTxId_fkey" FOREIGN KEY ("outboundTxId") REFERENCES "OutboundTx"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
INSERT INTO "OutboundTxCandidate" ("id", "outboundTxId", "txHash", "rawTx", "maxFeePerGas", "createdAt")
  SELECT gen_random_uuid(), "id", "txHash", "rawTx", 0, "createdAt" FROM "OutboundTx";
