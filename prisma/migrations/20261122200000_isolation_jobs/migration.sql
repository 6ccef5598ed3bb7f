-- AlterTable
ALTER TABLE "Request" ADD COLUMN     "answeredFromId" TEXT;

-- AlterTable
ALTER TABLE "CacheEntry" ADD COLUMN     "resultId" TEXT,
ALTER COLUMN "body" DROP NOT NULL;

-- AlterTable
ALTER TABLE "HostState" ADD COLUMN     "lastFailure" TEXT,
ADD COLUMN     "lastSuccessAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "WebhookDestination" (
    "origin" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "openUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookDestination_pkey" PRIMARY KEY ("origin")
);

-- CreateIndex
CREATE INDEX "Request_answeredFromId_idx" ON "Request"("answeredFromId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_state_requestId_idx" ON "WebhookDelivery"("state", "requestId");

-- AddForeignKey
ALTER TABLE "Request" ADD CONSTRAINT "Request_answeredFromId_fkey" FOREIGN KEY ("answeredFromId") REFERENCES "Result"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CacheEntry" ADD CONSTRAINT "CacheEntry_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result"("id") ON DELETE CASCADE ON UPDATE CASCADE;

