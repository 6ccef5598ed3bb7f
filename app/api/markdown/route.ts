import { operationEndpoint } from "@/lib/api/pipeline";

export const POST = operationEndpoint("markdown");
