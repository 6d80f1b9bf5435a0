-- CreateEnum
CREATE TYPE "BuyNowChoice" AS ENUM ('hide', 'exclude');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "excludedFrom" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "buyNow" "BuyNowChoice" NOT NULL DEFAULT 'hide';

-- CreateTable
CREATE TABLE "BuyNowOrder" (
    "siteId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "armId" TEXT NOT NULL,
    "excludedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BuyNowOrder_pkey" PRIMARY KEY ("siteId","orderId","testId")
);

-- CreateIndex
CREATE INDEX "BuyNowOrder_siteId_testId_idx" ON "BuyNowOrder"("siteId", "testId");
