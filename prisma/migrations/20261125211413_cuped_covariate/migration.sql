-- CUPED's covariate (docs/statistics.md, "CUPED"). Added without a default first so that rows written before
-- it hold NULL: a visitor's revenue before exposure was never looked up for them, and adding to NULL keeps a
-- rollup row NULL, so a test with such rows gets no adjustment rather than a wrong one. Rows written from
-- now on start at 0.
ALTER TABLE "DailyRollup" ADD COLUMN "covariateSum" DECIMAL(18,4),
ADD COLUMN "covariateSquares" DECIMAL(30,4),
ADD COLUMN "covariateRevenueProducts" DECIMAL(30,4);
ALTER TABLE "DailyRollup" ALTER COLUMN "covariateSum" SET DEFAULT 0,
ALTER COLUMN "covariateSquares" SET DEFAULT 0,
ALTER COLUMN "covariateRevenueProducts" SET DEFAULT 0;

-- The visitor's covariate, kept with each of their exposure rows for later conversions' products.
ALTER TABLE "Exposure" ADD COLUMN "covariate" DECIMAL(18,4);
