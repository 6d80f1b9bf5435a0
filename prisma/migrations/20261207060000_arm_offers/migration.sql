-- AlterTable
ALTER TABLE "Arm" ADD COLUMN     "offer" JSONB;

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "offerDiscountId" TEXT;
