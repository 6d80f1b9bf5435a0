-- CreateIndex
CREATE INDEX "CheckoutReport_siteId_receivedAt_idx" ON "CheckoutReport"("siteId", "receivedAt");

-- CreateIndex
CREATE INDEX "Conversion_siteId_goal_occurredAt_idx" ON "Conversion"("siteId", "goal", "occurredAt");
