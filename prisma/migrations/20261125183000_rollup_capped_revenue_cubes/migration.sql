-- Σ per-visitor capped revenue³ for Kohavi's skewness rule (docs/statistics.md). Added without a default so
-- that rows written before it hold NULL: their third moment is unknown (it cannot be derived from the other
-- sums), and adding to NULL keeps it NULL, so the results page shows no revenue comparison for them rather
-- than a wrong one. Rows written from now on start at 0.
ALTER TABLE "DailyRollup" ADD COLUMN "cappedRevenueCubes" DECIMAL(40,4);
ALTER TABLE "DailyRollup" ALTER COLUMN "cappedRevenueCubes" SET DEFAULT 0;
