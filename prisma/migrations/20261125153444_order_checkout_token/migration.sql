-- AlterTable
ALTER TABLE "CheckoutReport" DROP CONSTRAINT "CheckoutReport_pkey",
ADD COLUMN     "checkoutToken" TEXT,
ADD CONSTRAINT "CheckoutReport_pkey" PRIMARY KEY ("siteId", "orderId", "sessionId");

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "checkoutToken" TEXT;
