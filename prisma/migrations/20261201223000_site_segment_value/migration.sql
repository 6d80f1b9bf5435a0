-- CreateTable
CREATE TABLE "SiteSegmentValue" (
    "siteId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "networks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "admitted" BOOLEAN NOT NULL DEFAULT false,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "admittedAt" TIMESTAMP(3),

    CONSTRAINT "SiteSegmentValue_pkey" PRIMARY KEY ("siteId","dimension","value")
);
