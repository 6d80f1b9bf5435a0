-- CreateIndex
CREATE INDEX "Event_siteId_sessionId_idx" ON "Event"("siteId", "sessionId");
