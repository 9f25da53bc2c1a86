-- CreateEnum
CREATE TYPE "SessionType" AS ENUM ('DEPOSIT', 'WITHDRAW');

-- CreateEnum
CREATE TYPE "SessionStatus" AS ENUM ('OPEN', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "WebhookEventType" AS ENUM ('DEPOSIT', 'WITHDRAW_REQUEST', 'WITHDRAW_COMPLETE', 'WITHDRAW_FAILED', 'WITHDRAW_CANCELLED');

-- CreateEnum
CREATE TYPE "WebhookStatus" AS ENUM ('PENDING', 'RETRYING', 'DELIVERED', 'DEAD_LETTER');

-- CreateTable
CREATE TABLE "Session" (
    "id" UUID NOT NULL,
    "sessionRef" TEXT NOT NULL,
    "operatorId" UUID NOT NULL,
    "type" "SessionType" NOT NULL,
    "status" "SessionStatus" NOT NULL DEFAULT 'OPEN',
    "externalUserId" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "platformFiatCurrency" TEXT NOT NULL,
    "userBalance" DECIMAL(38,8) NOT NULL,
    "amount" DECIMAL(38,2) NOT NULL,
    "email" TEXT,
    "operatorReference" TEXT,
    "redirectUrl" TEXT,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" UUID NOT NULL,
    "operatorId" UUID NOT NULL,
    "event" "WebhookEventType" NOT NULL,
    "uniqueKey" TEXT,
    "body" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "status" "WebhookStatus" NOT NULL DEFAULT 'PENDING',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "dispatchedAt" TIMESTAMPTZ(3),
    "deliveredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" BIGSERIAL NOT NULL,
    "eventId" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "httpStatus" INTEGER,
    "error" TEXT,
    "latencyMs" INTEGER NOT NULL,
    "responseExcerpt" TEXT,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimitHit" (
    "id" BIGSERIAL NOT NULL,
    "operatorId" UUID NOT NULL,
    "bucket" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RateLimitHit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Session_sessionRef_key" ON "Session"("sessionRef");

-- CreateIndex
CREATE INDEX "Session_operatorId_type_operatorReference_idx" ON "Session"("operatorId", "type", "operatorReference");

-- CreateIndex
CREATE INDEX "Session_operatorId_externalUserId_idx" ON "Session"("operatorId", "externalUserId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEvent_uniqueKey_key" ON "WebhookEvent"("uniqueKey");

-- CreateIndex
CREATE INDEX "WebhookEvent_createdAt_id_idx" ON "WebhookEvent"("createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookEvent_status_createdAt_idx" ON "WebhookEvent"("status", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_operatorId_createdAt_idx" ON "WebhookEvent"("operatorId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_dispatchedAt_idx" ON "WebhookEvent"("dispatchedAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookAttempt_eventId_attempt_key" ON "WebhookAttempt"("eventId", "attempt");

-- CreateIndex
CREATE INDEX "RateLimitHit_operatorId_bucket_at_idx" ON "RateLimitHit"("operatorId", "bucket", "at");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "WebhookEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
