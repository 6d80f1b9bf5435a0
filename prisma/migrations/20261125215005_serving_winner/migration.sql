-- Ship the winner: a completed test may keep serving its winning variant to every visitor. Existing tests do not.
-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "servingWinner" BOOLEAN NOT NULL DEFAULT false;
