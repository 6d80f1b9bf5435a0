-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "holdoutPercent" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "holdoutRunId" TEXT,
ADD COLUMN     "holdoutSince" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Test" ADD COLUMN     "groupId" TEXT,
ADD COLUMN     "groupShare" INTEGER,
ADD COLUMN     "groupStart" INTEGER;

-- CreateTable
CREATE TABLE "TestGroup" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TestGroup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TestGroup_siteId_name_key" ON "TestGroup"("siteId", "name");

-- CreateIndex
CREATE INDEX "Test_groupId_idx" ON "Test"("groupId");

-- AddForeignKey
ALTER TABLE "Test" ADD CONSTRAINT "Test_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "TestGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TestGroup" ADD CONSTRAINT "TestGroup_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
