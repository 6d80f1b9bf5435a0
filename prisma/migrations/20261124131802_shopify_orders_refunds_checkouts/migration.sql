-- AlterEnum
ALTER TYPE "EventType" ADD VALUE 'checkout';

-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "refunded" DECIMAL(18,4) NOT NULL DEFAULT 0;

-- AlterTable
-- No code wrote "Order" before this migration (the orders webhook arrives with it), so its new
-- NOT NULL columns need no default for existing rows.
ALTER TABLE "Order" ADD COLUMN     "occurredAt" TIMESTAMP(3) NOT NULL,
ADD COLUMN     "presentmentCurrency" TEXT NOT NULL,
ADD COLUMN     "presentmentTotal" DECIMAL(18,4) NOT NULL,
ADD COLUMN     "refunded" DECIMAL(18,4) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Refund" (
    "shopId" TEXT NOT NULL,
    "refundId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "currency" TEXT NOT NULL,
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
