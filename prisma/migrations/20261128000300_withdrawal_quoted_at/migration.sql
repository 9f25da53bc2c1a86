-- AlterTable
ALTER TABLE "Withdrawal" ADD COLUMN     "quotedAt" TIMESTAMPTZ(3);

-- Rows priced before the column existed were quoted when submitted (Modes A and B) or executed (headless).
UPDATE "Withdrawal" SET "quotedAt" = COALESCE("executedAt", "createdAt") WHERE "cryptoAmountRaw" IS NOT NULL;
