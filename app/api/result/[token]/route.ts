import { resultEndpoint } from "@/lib/api/pipeline";

export const GET = resultEndpoint();
