-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "audience" JSONB NOT NULL DEFAULT '[]';
