-- A visitor's running totals of attributed conversions (docs/database.md, "Visitor totals"), filled from the
-- attributions already recorded so that the first conversion after the upgrade counts as the history join did.
CREATE TABLE "VisitorTotal" (
    "siteId" TEXT NOT NULL,
    "visitorId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "goal" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "conversions" INTEGER NOT NULL,
    "revenue" DECIMAL(18,4) NOT NULL,

    CONSTRAINT "VisitorTotal_pkey" PRIMARY KEY ("siteId","visitorId","testId","goal","currency")
);

INSERT INTO "VisitorTotal" ("siteId", "visitorId", "testId", "goal", "currency", "conversions", "revenue")
SELECT a."siteId", c."visitorId", a."testId", c."goal", COALESCE(c."currency", ''), count(*)::int, COALESCE(sum(c."value"), 0)
  FROM "ConversionAttribution" a
  JOIN "Conversion" c ON c."siteId" = a."siteId" AND c."eventId" = a."eventId"
 WHERE c."visitorId" IS NOT NULL
 GROUP BY 1, 2, 3, 4, 5;
