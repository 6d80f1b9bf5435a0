-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "offerTitle" TEXT;
