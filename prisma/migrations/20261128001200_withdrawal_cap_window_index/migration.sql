-- The owner's cap read counts the withdrawals completed in the window: with (operatorId, status) alone it read every
-- completed withdrawal the operator ever had, under the owner's lock. The new index has the old one as its prefix, so
-- the old processes' reads by (operatorId, status) use it during a rolling upgrade.
-- DropIndex
DROP INDEX "Withdrawal_operatorId_status_idx";

-- CreateIndex
CREATE INDEX "Withdrawal_operatorId_status_completedAt_idx" ON "Withdrawal"("operatorId", "status", "completedAt");
