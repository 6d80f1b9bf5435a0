-- Exposure's secondary indexes no longer lead with ("siteId", "testId"), the key's own prefix: with three indexes
-- sharing it, a planner that takes (site, test) for one row (it multiplies their selectivities, and a test is one
-- site's) read a session's exposure through whichever index was smallest, filtering the test's rows, instead of by
-- the key (docs/database.md, "Reading what the database knows"). A visitor's exposures: (site, visitor, test); the
-- flicker card's most recent exposures of a test: (test, exposedAt), its site compared on the rows it reads.
-- IF NOT EXISTS: on a large table, build the two with CREATE INDEX CONCURRENTLY before deploying (docs/database.md).
DROP INDEX IF EXISTS "Exposure_siteId_testId_visitorId_idx";
DROP INDEX IF EXISTS "Exposure_siteId_testId_exposedAt_idx";
CREATE INDEX IF NOT EXISTS "Exposure_siteId_visitorId_testId_idx" ON "Exposure"("siteId", "visitorId", "testId");
CREATE INDEX IF NOT EXISTS "Exposure_testId_exposedAt_idx" ON "Exposure"("testId", "exposedAt");
