-- A visitor's exposures in attribution's order (exposedAt, then armId): the writer's read of a converting visitor's
-- first exposure to a test (ORDER BY "exposedAt", "armId" LIMIT 1) and attribution's DISTINCT ON read one entry,
-- where (siteId, visitorId, testId) made them fetch and sort every session's exposure of a returning visitor, a cost
-- that grew with each visit. The same entries, two columns wider, so the old index goes.
-- IF NOT EXISTS: on a large table, build it with CREATE INDEX CONCURRENTLY before deploying (docs/database.md).
CREATE INDEX IF NOT EXISTS "Exposure_siteId_visitorId_testId_exposedAt_armId_idx" ON "Exposure"("siteId", "visitorId", "testId", "exposedAt", "armId");
DROP INDEX IF EXISTS "Exposure_siteId_visitorId_testId_idx";
