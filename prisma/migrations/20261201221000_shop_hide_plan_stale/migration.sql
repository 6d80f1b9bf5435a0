-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "hidePlanStale" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "hidePlanStaleSince" TIMESTAMP(3),
ADD COLUMN     "hidePlanTriedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Shop_hidePlanStale_idx" ON "Shop"("hidePlanStale");
