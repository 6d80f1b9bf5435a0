-- CreateIndex
CREATE INDEX "Exposure_siteId_testId_exposedAt_idx" ON "Exposure"("siteId", "testId", "exposedAt");
