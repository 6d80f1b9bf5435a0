-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "refundedOrders" INTEGER NOT NULL DEFAULT 0;
