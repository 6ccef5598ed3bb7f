import { startEndpoint } from "@/lib/api/crawl-endpoints";

export const POST = startEndpoint("crawl");
