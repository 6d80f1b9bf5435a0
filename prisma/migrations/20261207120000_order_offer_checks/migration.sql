-- The orders check of offer tests (docs/offers.md, "Every order checked"): one row per paid order and offer test.
CREATE TABLE "OrderOfferCheck" (
    "siteId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "armId" TEXT NOT NULL,
    "expected" DECIMAL(18,4) NOT NULL,
    "charged" DECIMAL(18,4) NOT NULL,
    "mismatch" BOOLEAN NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderOfferCheck_pkey" PRIMARY KEY ("siteId","orderId","testId")
);

CREATE INDEX "OrderOfferCheck_siteId_testId_idx" ON "OrderOfferCheck"("siteId", "testId");
