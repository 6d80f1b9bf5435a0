-- AlterTable
ALTER TABLE "Goal" ADD COLUMN     "isGuardrail" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "decidedNoticeAt" TIMESTAMP(3),
ADD COLUMN     "guardrailTrippedAt" TIMESTAMP(3),
ADD COLUMN     "srmNoticeAt" TIMESTAMP(3);
