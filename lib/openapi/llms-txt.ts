import { creditsLabel, OPERATION_CREDITS } from "@/lib/billing/prices";
import { ENDPOINT_RECORDS, ENDPOINTS, type OperationName } from "@/lib/schemas/operations";

/**
 * GET /llms.txt (llmstxt.org): what the API is, how to authenticate, and each endpoint with a
 * one-line example, for a language model reading the site. Built from the same records and price
 * list as the OpenAPI document, so it cannot drift from it.
 */
export function llmsTxt(base: string): string {
  const curl = (method: string, path: string, body?: unknown) =>
    `\`curl -X ${method} ${base}${path} -H "Authorization: Bearer $PTD_API_KEY"${
      body ? ` -H "Content-Type: application/json" -d '${JSON.stringify(body)}'` : ""
    }\``;
  const page = { url: "https://example.com/", sync: true };
  const operations = ENDPOINTS.map((e) => {
    const cost =
      e === "scrape" ? "the sum of its operations" : creditsLabel(OPERATION_CREDITS[e as OperationName]);
    const body = e === "scrape" ? { ...page, operations: ["markdown", "meta"] } : page;
    return `- POST /${e} — ${ENDPOINT_RECORDS[e].summary} (${cost}): ${curl("POST", `/${e}`, body)}`;
  });
  return [
    "# page-to-data",
    "",
    "> An HTTP API that loads a public web page in a real browser and returns its main content as Markdown, its rendered HTML, a screenshot, metadata, a summary, keywords, a Lighthouse audit or its console output; and maps, crawls and batches whole sites.",
    "",
    "## Authentication",
    "",
    "Every request sends `Authorization: Bearer <API key>` (a project key from the dashboard). A missing or unknown key answers 401 `invalid_api_key`.",
    "",
    'Requests are asynchronous by default: the answer is `{"token": …, "status": "accepted"}` and the result is collected with GET /result/{token} (or POSTed to `report_to`). Send `"sync": true` to get the result in the answer instead: text results (Markdown, HTML, Base64 screenshot, summary) as text, the others as JSON. Errors are JSON `{"error": code, "message": …}`; credits are spent only on success, and cached results cost 0.',
    "",
    "## Endpoints",
    "",
    ...operations,
    `- GET /result/{token} — the result of an async request (202 while it runs): ${curl("GET", "/result/req_…")}`,
    `- POST /map — a site's URLs (1 credit): ${curl("POST", "/map", { url: "https://docs.example.com/", limit: 100 })}`,
    `- POST /crawl — crawl a site, each finished page costs its operations: ${curl("POST", "/crawl", { url: "https://docs.example.com/", limit: 50 })}`,
    `- GET /crawl/{token} — a crawl's progress and finished pages (cursor for more): ${curl("GET", "/crawl/crawl_…")}`,
    `- POST /batch — many URLs in one job: ${curl("POST", "/batch", { urls: ["https://a.example/", "https://b.example/"], operations: ["markdown"] })}`,
    `- DELETE /crawl/{token}, DELETE /batch/{token} — stop a job: ${curl("DELETE", "/crawl/crawl_…")}`,
    "",
    "## More",
    "",
    `- [OpenAPI 3.1 document](${base}/api/openapi.json)`,
    `- [API reference](${base}/docs)`,
    `- MCP server (Streamable HTTP, same bearer key): ${base}/api/mcp`,
    "- SDK: `npm install @page-to-data/sdk`; CLI and stdio MCP server: `npm install -g @page-to-data/cli`; Python: `page_to_data`",
    "",
  ].join("\n");
}
