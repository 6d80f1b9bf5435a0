-- AlterTable
ALTER TABLE "Exposure" ADD COLUMN     "segment" TEXT;

-- CreateTable
CREATE TABLE "SegmentRollup" (
    "siteId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "armId" TEXT NOT NULL,
    "goal" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "currency" TEXT NOT NULL DEFAULT '',
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "exposedVisitors" INTEGER NOT NULL DEFAULT 0,
    "convertingVisitors" INTEGER NOT NULL DEFAULT 0,
    "conversions" INTEGER NOT NULL DEFAULT 0,
    "revenue" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "revenueSquares" DECIMAL(30,4) NOT NULL DEFAULT 0,

    CONSTRAINT "SegmentRollup_pkey" PRIMARY KEY ("siteId","testId","armId","goal","day","currency","dimension","value")
);
