-- CreateEnum
CREATE TYPE "SiteKind" AS ENUM ('shopify', 'web');

-- CreateEnum
CREATE TYPE "SiteStatus" AS ENUM ('active', 'paused');

-- CreateEnum
CREATE TYPE "TestStatus" AS ENUM ('draft', 'running', 'paused', 'completed', 'archived');

-- CreateEnum
CREATE TYPE "GoalKind" AS ENUM ('custom', 'url', 'click', 'submit', 'purchase');

-- CreateEnum
CREATE TYPE "EventType" AS ENUM ('pageview', 'click', 'exposure', 'conversion');

-- CreateEnum
CREATE TYPE "ConversionSource" AS ENUM ('browser', 'server', 'order');

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "name" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Site" (
    "id" TEXT NOT NULL,
    "publicId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "kind" "SiteKind" NOT NULL,
    "name" TEXT NOT NULL,
    "allowedOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "consentCountries" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "consentManagedByMerchant" BOOLEAN NOT NULL DEFAULT false,
    "status" "SiteStatus" NOT NULL DEFAULT 'active',
    "rejectedExposures" INTEGER NOT NULL DEFAULT 0,
    "pausedReason" TEXT,
    "pausedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteApiKey" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "SiteApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Test" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "TestStatus" NOT NULL DEFAULT 'draft',
    "pausedReason" TEXT,
    "urlPattern" TEXT NOT NULL DEFAULT '/',
    "trafficPercent" INTEGER NOT NULL DEFAULT 100,
    "minDetectableEffect" DOUBLE PRECISION NOT NULL DEFAULT 0.1,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Test_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Arm" (
    "id" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 1,
    "patches" JSONB NOT NULL DEFAULT '[]',
    "redirectUrl" TEXT,

    CONSTRAINT "Arm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Goal" (
    "id" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "kind" "GoalKind" NOT NULL DEFAULT 'custom',
    "selector" TEXT,
    "urlPattern" TEXT,
    "isPrimary" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Goal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Event" (
    "siteId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" "EventType" NOT NULL,
    "visitorId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "data" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "Event_pkey" PRIMARY KEY ("siteId","eventId")
);

-- CreateTable
CREATE TABLE "Exposure" (
    "siteId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "visitorId" TEXT NOT NULL,
    "armId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "exposedAt" TIMESTAMP(3) NOT NULL,
    "msToApply" INTEGER,
    "msHidden" INTEGER,

    CONSTRAINT "Exposure_pkey" PRIMARY KEY ("siteId","testId","sessionId")
);

-- CreateTable
CREATE TABLE "Conversion" (
    "siteId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "goal" TEXT NOT NULL,
    "value" DECIMAL(18,4),
    "currency" TEXT,
    "sessionId" TEXT,
    "visitorId" TEXT,
    "source" "ConversionSource" NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Conversion_pkey" PRIMARY KEY ("siteId","eventId")
);

-- CreateTable
CREATE TABLE "ConversionAttribution" (
    "siteId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "armId" TEXT NOT NULL,

    CONSTRAINT "ConversionAttribution_pkey" PRIMARY KEY ("siteId","eventId","testId")
);

-- CreateTable
CREATE TABLE "Order" (
    "shopId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "sessionId" TEXT,
    "total" DECIMAL(18,4) NOT NULL,
    "currency" TEXT NOT NULL,
    "isTest" BOOLEAN NOT NULL DEFAULT false,
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("shopId","orderId")
);

-- CreateTable
CREATE TABLE "DailyRollup" (
    "siteId" TEXT NOT NULL,
    "testId" TEXT NOT NULL,
    "armId" TEXT NOT NULL,
    "goal" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "currency" TEXT NOT NULL DEFAULT '',
    "exposures" INTEGER NOT NULL DEFAULT 0,
    "exposedVisitors" INTEGER NOT NULL DEFAULT 0,
    "convertingVisitors" INTEGER NOT NULL DEFAULT 0,
    "conversions" INTEGER NOT NULL DEFAULT 0,
    "revenue" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "revenueSquares" DECIMAL(30,4) NOT NULL DEFAULT 0,
    "msToApplySum" BIGINT NOT NULL DEFAULT 0,
    "msHiddenSum" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "DailyRollup_pkey" PRIMARY KEY ("siteId","testId","armId","goal","day","currency")
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_domain_key" ON "Shop"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "Site_publicId_key" ON "Site"("publicId");

-- CreateIndex
CREATE INDEX "Site_shopId_idx" ON "Site"("shopId");

-- CreateIndex
CREATE UNIQUE INDEX "SiteApiKey_hash_key" ON "SiteApiKey"("hash");

-- CreateIndex
CREATE INDEX "SiteApiKey_siteId_idx" ON "SiteApiKey"("siteId");

-- CreateIndex
CREATE INDEX "Test_siteId_status_idx" ON "Test"("siteId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Arm_testId_key_key" ON "Arm"("testId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Arm_testId_position_key" ON "Arm"("testId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Goal_testId_label_key" ON "Goal"("testId", "label");

-- CreateIndex
CREATE INDEX "Event_siteId_occurredAt_idx" ON "Event"("siteId", "occurredAt");

-- CreateIndex
CREATE INDEX "Exposure_siteId_testId_visitorId_idx" ON "Exposure"("siteId", "testId", "visitorId");

-- CreateIndex
CREATE INDEX "Conversion_siteId_sessionId_idx" ON "Conversion"("siteId", "sessionId");

-- CreateIndex
CREATE INDEX "Conversion_siteId_visitorId_idx" ON "Conversion"("siteId", "visitorId");

-- CreateIndex
CREATE INDEX "ConversionAttribution_testId_armId_idx" ON "ConversionAttribution"("testId", "armId");

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteApiKey" ADD CONSTRAINT "SiteApiKey_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Test" ADD CONSTRAINT "Test_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Arm" ADD CONSTRAINT "Arm_testId_fkey" FOREIGN KEY ("testId") REFERENCES "Test"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Goal" ADD CONSTRAINT "Goal_testId_fkey" FOREIGN KEY ("testId") REFERENCES "Test"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
