-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "pauseOnFlicker" BOOLEAN NOT NULL DEFAULT false;
