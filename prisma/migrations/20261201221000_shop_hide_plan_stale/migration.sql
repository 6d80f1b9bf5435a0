-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "hidePlanStaleSince" TIMESTAMP(3),
ADD COLUMN     "hidePlanTriedAt" TIMESTAMP(3),
ADD COLUMN     "hidePlanWanted" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "hidePlanWritten" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Shop_hidePlanStaleSince_idx" ON "Shop"("hidePlanStaleSince");
