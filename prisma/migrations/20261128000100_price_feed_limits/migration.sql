-- AlterTable
ALTER TABLE "Chain" ADD COLUMN     "nativeFeedHeartbeat" INTEGER,
ADD COLUMN     "nativeFeedMaxAnswer" DECIMAL(38,18),
ADD COLUMN     "nativeFeedMinAnswer" DECIMAL(38,18),
ADD COLUMN     "sequencerUptimeFeed" TEXT;

-- AlterTable
ALTER TABLE "Token" ADD COLUMN     "feedHeartbeat" INTEGER,
ADD COLUMN     "feedMaxAnswer" DECIMAL(38,18),
ADD COLUMN     "feedMinAnswer" DECIMAL(38,18);

-- CreateTable
CREATE TABLE "FiatFeed" (
    "currency" TEXT NOT NULL,
    "chainId" INTEGER NOT NULL,
    "feed" TEXT NOT NULL,
    "heartbeat" INTEGER,
    "minAnswer" DECIMAL(38,18),
    "maxAnswer" DECIMAL(38,18),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "FiatFeed_pkey" PRIMARY KEY ("currency")
);

-- AddForeignKey
ALTER TABLE "FiatFeed" ADD CONSTRAINT "FiatFeed_chainId_fkey" FOREIGN KEY ("chainId") REFERENCES "Chain"("chainId") ON DELETE RESTRICT ON UPDATE CASCADE;

