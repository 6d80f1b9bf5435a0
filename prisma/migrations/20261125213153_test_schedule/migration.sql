-- A test's schedule (docs/admin-tests.md, "Schedule"). Existing tests have none: they start and end only when
-- the merchant says, as before. Existing shops read as UTC until their next install run reads Shopify's time zone.
-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "endedBy" TEXT,
ADD COLUMN     "scheduledEndAt" TIMESTAMP(3),
ADD COLUMN     "scheduledStartAt" TIMESTAMP(3),
ADD COLUMN     "stopWhenDecided" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Test_scheduledStartAt_idx" ON "Test"("scheduledStartAt");

-- CreateIndex
CREATE INDEX "Test_scheduledEndAt_idx" ON "Test"("scheduledEndAt");
