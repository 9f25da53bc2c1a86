-- AlterTable
ALTER TABLE "Operator" ADD COLUMN     "frameOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[];
