-- CreateTable
CREATE TABLE "SelectorCheck" (
    "testId" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,
    "page" TEXT NOT NULL,
    "changes" JSONB NOT NULL,

    CONSTRAINT "SelectorCheck_pkey" PRIMARY KEY ("testId")
);

-- AddForeignKey
ALTER TABLE "SelectorCheck" ADD CONSTRAINT "SelectorCheck_testId_fkey" FOREIGN KEY ("testId") REFERENCES "Test"("id") ON DELETE CASCADE ON UPDATE CASCADE;
