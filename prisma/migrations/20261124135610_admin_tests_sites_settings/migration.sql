-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "ownerEmail" TEXT,
ADD COLUMN     "retentionDays" INTEGER NOT NULL DEFAULT 395;

-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "consentManagedByMerchant" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable: a test's one urlPattern becomes its list of page patterns, keeping every test's pattern.
ALTER TABLE "Test" ADD COLUMN     "hypothesis" TEXT,
ADD COLUMN     "pages" TEXT[] DEFAULT ARRAY['/']::TEXT[],
ADD COLUMN     "winnerArmId" TEXT;
UPDATE "Test" SET "pages" = ARRAY["urlPattern"];
ALTER TABLE "Test" DROP COLUMN "urlPattern";
