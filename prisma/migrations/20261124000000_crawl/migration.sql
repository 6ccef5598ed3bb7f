-- Crawl, map and batch (issue 24): a crawl or batch and its pages, the frontier and the results in
-- one table; webhook deliveries may now belong to a crawl's page or to the crawl's end.

-- CreateEnum
CREATE TYPE "CrawlKind" AS ENUM ('crawl', 'batch');

-- CreateEnum
CREATE TYPE "CrawlStatus" AS ENUM ('processing', 'complete', 'cancelled', 'failed');

-- CreateEnum
CREATE TYPE "CrawlPageState" AS ENUM ('queued', 'running', 'complete', 'failed', 'cancelled');

-- AlterTable
ALTER TABLE "WebhookDelivery" ALTER COLUMN "requestId" DROP NOT NULL,
ADD COLUMN     "crawlId" TEXT,
ADD COLUMN     "crawlPageId" TEXT;

-- CreateTable
CREATE TABLE "Crawl" (
    "id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "kind" "CrawlKind" NOT NULL,
    "projectId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "url" TEXT,
    "options" JSONB NOT NULL,
    "labels" JSONB,
    "reportTo" TEXT,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "status" "CrawlStatus" NOT NULL DEFAULT 'processing',
    "stoppedReason" TEXT,
    "pageLimit" INTEGER NOT NULL,
    "maxDepth" INTEGER NOT NULL DEFAULT 0,
    "concurrency" INTEGER NOT NULL,
    "discovered" INTEGER NOT NULL DEFAULT 0,
    "positions" INTEGER NOT NULL DEFAULT 0,
    "running" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "creditsUsed" INTEGER NOT NULL DEFAULT 0,
    "finishedSeq" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Crawl_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrawlPage" (
    "id" TEXT NOT NULL,
    "crawlId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "urlKey" TEXT,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "returned" BOOLEAN NOT NULL DEFAULT true,
    "state" "CrawlPageState" NOT NULL DEFAULT 'queued',
    "reserved" INTEGER NOT NULL DEFAULT 0,
    "cost" INTEGER NOT NULL DEFAULT 0,
    "body" TEXT,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "errorCode" TEXT,
    "finishedSeq" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CrawlPage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookDelivery_crawlId_idx" ON "WebhookDelivery"("crawlId");

-- CreateIndex
CREATE UNIQUE INDEX "Crawl_token_key" ON "Crawl"("token");

-- CreateIndex
CREATE UNIQUE INDEX "Crawl_projectId_idempotencyKey_key" ON "Crawl"("projectId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "Crawl_projectId_createdAt_idx" ON "Crawl"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CrawlPage_crawlId_urlKey_key" ON "CrawlPage"("crawlId", "urlKey");

-- CreateIndex
CREATE UNIQUE INDEX "CrawlPage_crawlId_position_key" ON "CrawlPage"("crawlId", "position");

-- CreateIndex
CREATE INDEX "CrawlPage_crawlId_state_depth_position_idx" ON "CrawlPage"("crawlId", "state", "depth", "position");

-- CreateIndex
CREATE INDEX "CrawlPage_crawlId_finishedSeq_idx" ON "CrawlPage"("crawlId", "finishedSeq");

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_crawlId_fkey" FOREIGN KEY ("crawlId") REFERENCES "Crawl"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_crawlPageId_fkey" FOREIGN KEY ("crawlPageId") REFERENCES "CrawlPage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Crawl" ADD CONSTRAINT "Crawl_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrawlPage" ADD CONSTRAINT "CrawlPage_crawlId_fkey" FOREIGN KEY ("crawlId") REFERENCES "Crawl"("id") ON DELETE CASCADE ON UPDATE CASCADE;
