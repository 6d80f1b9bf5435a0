-- AlterTable
ALTER TABLE "DailyRollup" ADD COLUMN     "cappedRevenue" DECIMAL(18,4) NOT NULL DEFAULT 0,
ADD COLUMN     "cappedRevenueConversions" DECIMAL(30,4) NOT NULL DEFAULT 0,
ADD COLUMN     "cappedRevenueSquares" DECIMAL(30,4) NOT NULL DEFAULT 0,
ADD COLUMN     "conversionSquares" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "revenueConversions" DECIMAL(30,4) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "revenueCap" DECIMAL(18,4);

-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "revenueCap" DECIMAL(18,4),
ADD COLUMN     "revenueCapSource" TEXT;

-- Rows written before this migration belong to tests that had no cap: their capped sums are the
-- uncapped ones. Their AOV sums are taken as if each visitor had converted once per row (x = 1, so
-- Σx² = conversions and Σxy = revenue): exact for visitors who converted once, an underestimate of
-- AOV's variance for repeat buyers in data stored before this migration (docs/statistics.md).
UPDATE "DailyRollup"
   SET "cappedRevenue" = "revenue",
       "cappedRevenueSquares" = "revenueSquares",
       "conversionSquares" = "conversions",
       "revenueConversions" = "revenue",
       "cappedRevenueConversions" = "revenue";

-- Where the raw conversions of a row are all still there (they are never deleted, except by a shop's
-- erasure), its AOV sums are recounted exactly: each conversion adds what it adds at ingestion, from the
-- visitor's earlier conversions in the test, goal and currency (in time order; the totals do not depend on it).
WITH per AS (
  SELECT a."siteId", a."testId", a."armId", c."goal", (c."occurredAt")::date AS day,
         COALESCE(c."currency", s."currency") AS currency,
         COALESCE(c."value", 0) AS v,
         count(*) OVER w - 1 AS x0,
         sum(COALESCE(c."value", 0)) OVER w - COALESCE(c."value", 0) AS r0
    FROM "ConversionAttribution" a
    JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
    JOIN "Site" s ON s."id" = a."siteId"
  WINDOW w AS (PARTITION BY a."siteId", a."testId", c."goal", COALESCE(c."visitorId", c."eventId"), COALESCE(c."currency", s."currency")
               ORDER BY c."occurredAt", c."eventId" ROWS UNBOUNDED PRECEDING)
), inc AS (
  SELECT "siteId", "testId", "armId", "goal", day, currency, count(*) AS conversions,
         sum(2 * x0 + 1) AS xx, sum((x0 + 1) * (r0 + v) - x0 * r0) AS xy
    FROM per GROUP BY 1, 2, 3, 4, 5, 6
)
UPDATE "DailyRollup" d
   SET "conversionSquares" = inc.xx, "revenueConversions" = inc.xy, "cappedRevenueConversions" = inc.xy
  FROM inc
 WHERE d."siteId" = inc."siteId" AND d."testId" = inc."testId" AND d."armId" = inc."armId" AND d."goal" = inc."goal"
   AND d."day" = inc.day AND d."currency" = inc.currency AND d."conversions" = inc.conversions;
