-- Profit per visitor's per-visitor sums (docs/statistics.md, "Profit per visitor"): each visitor's running profit on
-- VisitorTotal, and its Σ squares and cubes on the rollups. Rows that already counted costed orders cannot be filled
-- (their visitors' profit was never summed per visitor): NULL, unknown, so those tests keep conversion rate's decision.
ALTER TABLE "VisitorTotal" ADD COLUMN "profit" DECIMAL(18,4) NOT NULL DEFAULT 0;
ALTER TABLE "DailyRollup" ADD COLUMN "profitSquares" DECIMAL(30,4) DEFAULT 0;
ALTER TABLE "DailyRollup" ADD COLUMN "profitCubes" DECIMAL(40,4) DEFAULT 0;
UPDATE "DailyRollup" SET "profitSquares" = NULL, "profitCubes" = NULL WHERE "costedOrders" <> 0;
