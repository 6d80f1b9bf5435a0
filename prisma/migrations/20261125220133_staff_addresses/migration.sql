-- Leaving the team's own visits out of tests (docs/privacy.md). Off for existing shops: nothing is recorded until a merchant turns it on.
-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "excludeStaff" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "StaffAddress" (
    "shopId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffAddress_pkey" PRIMARY KEY ("shopId","address")
);

-- AddForeignKey
ALTER TABLE "StaffAddress" ADD CONSTRAINT "StaffAddress_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
