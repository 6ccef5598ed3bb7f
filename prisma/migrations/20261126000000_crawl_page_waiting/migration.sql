-- A running crawl or batch page that waits for its host (a busy-host retry, its turn, its lane) and is
-- not being attempted: DELETE /crawl/{token} ends such pages at once (lib/crawl/frontier.ts).
ALTER TABLE "CrawlPage" ADD COLUMN "waitingUntil" TIMESTAMP(3);
