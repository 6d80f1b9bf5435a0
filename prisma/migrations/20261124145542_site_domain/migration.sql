-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "domain" TEXT;
