-- AlterEnum
ALTER TYPE "EventType" ADD VALUE 'checkout';

-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "refunded" DECIMAL(18,4) NOT NULL DEFAULT 0;

-- AlterTable
-- Nothing wrote orders before this migration; the default only fills any row a fork may have, then goes.
ALTER TABLE "Order" ADD COLUMN     "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "refunded" DECIMAL(18,4) NOT NULL DEFAULT 0;
ALTER TABLE "Order" ALTER COLUMN "occurredAt" DROP DEFAULT;

-- CreateTable
CREATE TABLE "Refund" (
    "shopId" TEXT NOT NULL,
    "refundId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("shopId","refundId")
);

-- CreateTable
CREATE TABLE "CheckoutReport" (
    "siteId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "visitorId" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckoutReport_pkey" PRIMARY KEY ("siteId","orderId")
);

-- CreateIndex
CREATE INDEX "Refund_shopId_orderId_idx" ON "Refund"("shopId", "orderId");

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
