-- AlterTable
ALTER TABLE "Chain" ADD COLUMN     "checkpointBlock" INTEGER,
ADD COLUMN     "checkpointHash" TEXT,
ADD COLUMN     "maxGasPerTransfer" INTEGER NOT NULL DEFAULT 1000000;
