-- AlterTable
ALTER TABLE "Goal" ADD COLUMN     "isGuardrail" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "guardrailTrippedAt" TIMESTAMP(3);
