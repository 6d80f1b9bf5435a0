-- Columns that were written but never read. The flicker sums: flicker figures are percentiles over the
-- Exposure rows (models/results.server.ts). consentManagedByMerchant: nothing set or read it; the tag's
-- data-svc-consent="granted" attribute is how a merchant's own consent platform skips our prompt.

-- AlterTable
ALTER TABLE "DailyRollup" DROP COLUMN "msHiddenSum",
DROP COLUMN "msToApplySum";

-- AlterTable
ALTER TABLE "Site" DROP COLUMN "consentManagedByMerchant";
