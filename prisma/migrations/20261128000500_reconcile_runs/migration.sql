-- CreateTable
CREATE TABLE "ReconcileRun" (
    "id" BIGSERIAL NOT NULL,
    "chainId" INTEGER NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "asOfBlock" INTEGER,
    "assets" JSONB NOT NULL,
    "differences" JSONB NOT NULL,
    "finishedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReconcileRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReconcileRun_chainId_finishedAt_idx" ON "ReconcileRun"("chainId", "finishedAt");
