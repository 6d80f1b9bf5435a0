-- DropIndex
DROP INDEX "OutboxEmail_shopId_idx";

-- AlterTable
ALTER TABLE "OutboxEmail" ADD COLUMN     "dedupeKey" TEXT,
ALTER COLUMN "to" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "notices" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE UNIQUE INDEX "OutboxEmail_shopId_dedupeKey_key" ON "OutboxEmail"("shopId", "dedupeKey");

-- No shop is switched on: the spec allows svc to send merchants only breaking-change announcements unasked,
-- so the decided, SRM, guardrail, misuse and schedule notices that went out by default stop until the owner
-- switches them on in Settings. Rows already queued keep their address and are still sent.
