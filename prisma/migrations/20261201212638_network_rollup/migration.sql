-- AlterTable
ALTER TABLE "Conversion" ADD COLUMN     "network" TEXT;

-- AlterTable
ALTER TABLE "Exposure" ADD COLUMN     "network" TEXT;

-- CreateTable
CREATE TABLE "NetworkRollup" (
    "siteId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "armId" TEXT NOT NULL,
    "goal" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT '',
    "network" TEXT NOT NULL,
    "exposedVisitors" INTEGER NOT NULL DEFAULT 0,
    "convertingVisitors" INTEGER NOT NULL DEFAULT 0,
    "conversions" INTEGER NOT NULL DEFAULT 0,
    "revenue" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "revenueSquares" DECIMAL(30,4) NOT NULL DEFAULT 0,
    "cappedRevenue" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "cappedRevenueSquares" DECIMAL(30,4) NOT NULL DEFAULT 0,
    "cappedRevenueCubes" DECIMAL(40,4) NOT NULL DEFAULT 0,
    "conversionSquares" BIGINT NOT NULL DEFAULT 0,
    "revenueConversions" DECIMAL(30,4) NOT NULL DEFAULT 0,
    "cappedRevenueConversions" DECIMAL(30,4) NOT NULL DEFAULT 0,

    CONSTRAINT "NetworkRollup_pkey" PRIMARY KEY ("siteId","testId","armId","goal","currency","network")
);
