-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "GoalKind" ADD VALUE 'product_viewed';
ALTER TYPE "GoalKind" ADD VALUE 'added_to_cart';
ALTER TYPE "GoalKind" ADD VALUE 'checkout_started';
