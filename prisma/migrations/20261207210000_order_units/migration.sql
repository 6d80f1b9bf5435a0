-- Units an order's lines sold, kept on the order and summed per arm for units per visitor (docs/offers.md,
-- "Units per visitor"). Orders and rollups from before count 0 units: their lines were not kept.
ALTER TABLE "Order" ADD COLUMN "units" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "DailyRollup" ADD COLUMN "units" INTEGER NOT NULL DEFAULT 0;
