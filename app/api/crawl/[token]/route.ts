import { cancelEndpoint, statusEndpoint } from "@/lib/api/crawl-endpoints";

export const GET = statusEndpoint("crawl");
export const DELETE = cancelEndpoint("crawl");
