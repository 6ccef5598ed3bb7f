-- Issue 26 §6 and §9: who sent a request (source, key, Playground user) and a fuller webhook log
-- (test events, next attempt, payload and signature headers, cancelled deliveries).

-- CreateEnum
CREATE TYPE "RequestSource" AS ENUM ('api', 'playground', 'mcp');

-- AlterEnum (the new value is not used in this transaction, which PostgreSQL 12+ allows)
ALTER TYPE "DeliveryState" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "Request" ADD COLUMN "source" "RequestSource" NOT NULL DEFAULT 'api',
ADD COLUMN "apiKeyId" TEXT,
ADD COLUMN "sentById" TEXT;

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN "projectId" TEXT,
ADD COLUMN "event" TEXT,
ADD COLUMN "nextAttemptAt" TIMESTAMP(3),
ADD COLUMN "payload" TEXT;

-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN "headers" JSONB;

-- CreateIndex
CREATE INDEX "WebhookDelivery_projectId_idx" ON "WebhookDelivery"("projectId");

-- AddForeignKey
ALTER TABLE "Request" ADD CONSTRAINT "Request_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Request" ADD CONSTRAINT "Request_sentById_fkey" FOREIGN KEY ("sentById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
