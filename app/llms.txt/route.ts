import { appBaseUrl } from "@/lib/dashboard/base-url";
import { llmsTxt } from "@/lib/openapi/llms-txt";

/** GET /llms.txt: the API for a language model (lib/openapi/llms-txt.ts). Public, like /docs. */
export async function GET(): Promise<Response> {
  return new Response(llmsTxt(await appBaseUrl()), {
    headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
