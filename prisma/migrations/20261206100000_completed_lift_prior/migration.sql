-- AlterTable
ALTER TABLE "Arm" ADD COLUMN     "finalLogLift" DOUBLE PRECISION,
ADD COLUMN     "finalLogLiftVariance" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "Shop" ALTER COLUMN "liftPriorSd" SET DEFAULT 0.02;

-- Shops still on the old default prior (5%) move to the new one (2%, app/domain/stats/bayesian.ts DEFAULT_PRIOR):
-- a 5% prior makes chance to win over-confident when real lifts spread 2% (docs/statistics.md, "Bayesian").
-- A merchant who had typed exactly 5% cannot be told apart from the default and moves too.
UPDATE "Shop" SET "liftPriorSd" = 0.02 WHERE "liftPriorSd" = 0.05;

-- Tests completed before this migration: each variant's figures as the service now records them when a test
-- completes (app/domain/results/completed-lift.ts), so a shop's history counts from today. The same rule: the
-- primary goal's converting visitors (every currency, at most the arm's visitors) over the exposed visitors,
-- both arms with at least 100 visitors and 10 converting (results/stats.ts enoughForChance) and a rate below 1;
-- ln(t/c) and (1 − t)/(n_t·t) + (1 − c)/(n_c·c). tests/integration/shop-prior.test.ts checks it against the code.
WITH ended AS (
  SELECT DISTINCT ON (t."id") t."id" AS "testId", g."label" AS "goal"
  FROM "Test" t JOIN "Goal" g ON g."testId" = t."id" AND g."isPrimary"
  WHERE t."status" IN ('completed', 'archived') AND t."endedAt" IS NOT NULL
  ORDER BY t."id", g."id"
),
arm_totals AS (
  SELECT a."id", a."testId", a."position",
         COALESCE(SUM(r."exposedVisitors") FILTER (WHERE r."goal" = ''), 0)::double precision AS "visitors",
         COALESCE(SUM(r."convertingVisitors") FILTER (WHERE r."goal" = e."goal"), 0)::double precision AS "converting"
  FROM ended e
  JOIN "Arm" a ON a."testId" = e."testId"
  LEFT JOIN "DailyRollup" r ON r."testId" = a."testId" AND r."armId" = a."id" AND r."goal" IN ('', e."goal")
  GROUP BY a."id", a."testId", a."position"
),
arms AS (
  SELECT "id", "testId", "visitors", LEAST("converting", "visitors") AS "converting",
         ROW_NUMBER() OVER (PARTITION BY "testId" ORDER BY "position") AS "rank"
  FROM arm_totals
),
figures AS (
  SELECT v."id",
         LN((v."converting" / v."visitors") / (c."converting" / c."visitors")) AS "logLift",
         (1 - v."converting" / v."visitors") / v."converting" + (1 - c."converting" / c."visitors") / c."converting" AS "variance"
  FROM arms v JOIN arms c ON c."testId" = v."testId" AND c."rank" = 1
  WHERE v."rank" > 1
    AND v."visitors" >= 100 AND c."visitors" >= 100 AND v."converting" >= 10 AND c."converting" >= 10
    AND v."converting" < v."visitors" AND c."converting" < c."visitors"
)
UPDATE "Arm" a SET "finalLogLift" = f."logLift", "finalLogLiftVariance" = f."variance"
FROM figures f WHERE a."id" = f."id";
