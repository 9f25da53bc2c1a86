-- CreateEnum
CREATE TYPE "WithdrawalCommandKind" AS ENUM ('ADMIN_MOVE', 'DECISION', 'ADMIN_RETRY');

-- CreateTable
CREATE TABLE "WithdrawalCommand" (
    "id" UUID NOT NULL,
    "withdrawalId" UUID NOT NULL,
    "kind" "WithdrawalCommandKind" NOT NULL,
    "action" TEXT NOT NULL,
    "adminId" UUID,
    "adminEmail" TEXT,
    "operatorId" UUID,
    "note" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "consumedAt" TIMESTAMPTZ(3),

    CONSTRAINT "WithdrawalCommand_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WithdrawalCommand_withdrawalId_createdAt_idx" ON "WithdrawalCommand"("withdrawalId", "createdAt");

-- AddForeignKey
ALTER TABLE "WithdrawalCommand" ADD CONSTRAINT "WithdrawalCommand_withdrawalId_fkey" FOREIGN KEY ("withdrawalId") REFERENCES "Withdrawal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Written by hand (Prisma has no check constraints): an operator decides, an admin moves and retries.
ALTER TABLE "WithdrawalCommand" ADD CONSTRAINT "WithdrawalCommand_one_author" CHECK (
    CASE "kind" WHEN 'DECISION' THEN "operatorId" IS NOT NULL AND "adminId" IS NULL
                ELSE "adminId" IS NOT NULL AND "adminEmail" IS NOT NULL AND "operatorId" IS NULL END
);
