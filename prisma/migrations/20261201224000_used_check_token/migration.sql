-- CreateTable
CREATE TABLE "UsedCheckToken" (
    "digest" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UsedCheckToken_pkey" PRIMARY KEY ("digest")
);

-- CreateIndex
CREATE INDEX "UsedCheckToken_expiresAt_idx" ON "UsedCheckToken"("expiresAt");
