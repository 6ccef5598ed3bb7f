import { mapEndpoint } from "@/lib/api/crawl-endpoints";

export const POST = mapEndpoint();
