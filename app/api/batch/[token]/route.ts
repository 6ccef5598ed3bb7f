import { cancelEndpoint, statusEndpoint } from "@/lib/api/crawl-endpoints";

export const GET = statusEndpoint("batch");
export const DELETE = cancelEndpoint("batch");
