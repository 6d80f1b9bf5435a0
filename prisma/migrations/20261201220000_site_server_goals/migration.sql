-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "serverGoals" TEXT[] DEFAULT ARRAY[]::TEXT[];
