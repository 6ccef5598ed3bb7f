-- A running crawl or batch page that waits for its host (a busy-host retry, its turn, its lane) and is
-- not being attempted: DELETE /crawl/{token} ends such pages at once (lib/crawl/frontier.ts).
ALTER TABLE "CrawlPage" ADD COLUMN "waitingUntil" TIMESTAMP(3);

-- POST /map's rendered look at a start page whose HTML holds no link, run as a job on a worker
-- (lib/crawl/map-render.ts): the map writes the row and enqueues, the job fills it, the map reads
-- and deletes it.
CREATE TABLE "MapRender" (
    "token" TEXT NOT NULL,
    "links" JSONB,
    "errorCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "MapRender_pkey" PRIMARY KEY ("token")
);
CREATE INDEX "MapRender_createdAt_idx" ON "MapRender"("createdAt");
