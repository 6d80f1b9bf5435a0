-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "costedNetRevenue" DECIMAL(18,4) NOT NULL DEFAULT 0,
ADD COLUMN     "costedOrders" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "orderCost" DECIMAL(18,4) NOT NULL DEFAULT 0,
ADD COLUMN     "subscriptionNetRevenue" DECIMAL(18,4) NOT NULL DEFAULT 0,
ADD COLUMN     "subscriptionOrders" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "uncostedOrders" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "cost" DECIMAL(18,4),
ADD COLUMN     "isSubscription" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "VariantCost" (
    "shopId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "unitCost" DECIMAL(18,4),
    "currency" TEXT,
    "fetchedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VariantCost_pkey" PRIMARY KEY ("shopId","variantId")
);

-- AddForeignKey
ALTER TABLE "VariantCost" ADD CONSTRAINT "VariantCost_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
