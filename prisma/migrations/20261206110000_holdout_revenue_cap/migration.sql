-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "holdoutRevenueCap" DECIMAL(18,4),
ADD COLUMN     "holdoutRevenueCapSource" TEXT;

-- A run that began before this migration keeps no cap: its capped sums were written equal to the uncapped
-- ones, and a cap set now would not match them (the holdout page says the run is not capped).
