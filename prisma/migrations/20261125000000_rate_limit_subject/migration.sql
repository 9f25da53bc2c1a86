-- Rate limits count per subject (an operator id, a client address, a hashed admin email), not only per operator.
ALTER TABLE "RateLimitHit" ALTER COLUMN "operatorId" TYPE TEXT;
ALTER TABLE "RateLimitHit" RENAME COLUMN "operatorId" TO "subject";
ALTER INDEX "RateLimitHit_operatorId_bucket_at_idx" RENAME TO "RateLimitHit_subject_bucket_at_idx";
