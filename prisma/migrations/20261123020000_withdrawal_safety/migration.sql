-- AlterTable
ALTER TABLE "Withdrawal" ADD COLUMN "workflowStartedAt" TIMESTAMPTZ(3);

-- Rows that can no longer change had their workflow. Live Mode A/B rows stay unmarked, so the relay makes sure
-- theirs runs (a start for one that already ran is refused as a duplicate and only marks the row).
UPDATE "Withdrawal" SET "workflowStartedAt" = "createdAt"
  WHERE "mode" = 'C' OR "status" NOT IN ('PENDING', 'PROCESSING', 'AWAITING_APPROVAL');

-- The relay's sweep reads only the few rows whose start is still owed.
CREATE INDEX "Withdrawal_workflow_not_started" ON "Withdrawal"("createdAt") WHERE "workflowStartedAt" IS NULL AND "mode" IN ('A', 'B');
