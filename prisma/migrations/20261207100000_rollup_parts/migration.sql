-- Rollup parts (docs/database.md, "Rollup parts"): the storefront's writers add to rows of their own part, folded
-- into part 0 in the background, so that writers on several instances never wait on one another's rollup rows.
-- Every existing row is folded (part 0). The key keeps leading with "siteId", the distribution column.
ALTER TABLE "DailyRollup" ADD COLUMN "part" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "DailyRollup" DROP CONSTRAINT "DailyRollup_pkey";
ALTER TABLE "DailyRollup" ADD CONSTRAINT "DailyRollup_pkey" PRIMARY KEY ("siteId", "testId", "armId", "goal", "day", "currency", "part");

ALTER TABLE "SegmentRollup" ADD COLUMN "part" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "SegmentRollup" DROP CONSTRAINT "SegmentRollup_pkey";
ALTER TABLE "SegmentRollup" ADD CONSTRAINT "SegmentRollup_pkey" PRIMARY KEY ("siteId", "testId", "armId", "goal", "day", "currency", "dimension", "value", "part");

ALTER TABLE "NetworkRollup" ADD COLUMN "part" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "NetworkRollup" DROP CONSTRAINT "NetworkRollup_pkey";
ALTER TABLE "NetworkRollup" ADD CONSTRAINT "NetworkRollup_pkey" PRIMARY KEY ("siteId", "testId", "armId", "goal", "currency", "network", "part");
