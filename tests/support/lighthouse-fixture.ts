import type { LighthouseResult } from "@/lib/lighthouse/types";
import type { App } from "./app";

/**
 * A LighthouseResult as the API returns it with include_audits (docs/spec.md §2.6), stored as a
 * request's result by the dashboard tests: a real run takes minutes. Two audits fail (a binary and
 * a numeric one under Lighthouse's 0.9 pass mark), one passes, one is informative (no score).
 */
export const LIGHTHOUSE_FIXTURE: LighthouseResult = {
  url: "http://views.test/article",
  fetchTime: "2026-11-27T04:00:00.000Z",
  device: "mobile",
  categories: {
    performance: { title: "Performance", score: 0.42 },
    accessibility: { title: "Accessibility", score: 0.78 },
    "best-practices": { title: "Best Practices", score: 0.96 },
    seo: { title: "SEO", score: null },
  },
  metrics: {
    first_contentful_paint_ms: 1800,
    largest_contentful_paint_ms: 4200,
    total_blocking_time_ms: 350,
    cumulative_layout_shift: 0.12,
    speed_index_ms: 3100,
    time_to_interactive_ms: 5200,
    server_response_time_ms: 120,
  },
  audits: {
    "image-alt": {
      id: "image-alt",
      title: "Image elements do not have [alt] attributes",
      score: 0,
      scoreDisplayMode: "binary",
    },
    "largest-contentful-paint": {
      id: "largest-contentful-paint",
      title: "Largest Contentful Paint",
      score: 0.31,
      scoreDisplayMode: "numeric",
      displayValue: "4.2 s",
      numericValue: 4200,
      numericUnit: "millisecond",
    },
    "document-title": {
      id: "document-title",
      title: "Document has a `<title>` element",
      score: 1,
      scoreDisplayMode: "binary",
    },
    "network-requests": {
      id: "network-requests",
      title: "Network Requests",
      score: null,
      scoreDisplayMode: "informative",
    },
  },
};

/**
 * Stores LIGHTHOUSE_FIXTURE as a finished lighthouse request of the project that made the app's
 * first request, as the runner would have; returns the path of its detail page.
 */
export async function storeLighthouseFixture(app: App): Promise<string> {
  const [row] = await app.sql<{ projectId: string; organizationId: string }>(
    `SELECT "projectId", "organizationId" FROM "Request" ORDER BY "createdAt" LIMIT 1`,
  );
  const token = `fixture_lighthouse_${Date.now()}`;
  const body = JSON.stringify(LIGHTHOUSE_FIXTURE);
  await app.sql(
    `INSERT INTO "Request" (id, token, "projectId", "organizationId", operation, url, options, "requestHash",
       "cacheKey", state, cost, attempts, "createdAt", "startedAt", "finishedAt", "processingMs")
     VALUES ($1, $2, $3, $4, 'lighthouse', $5, '{}', 'fixture', $2, 'complete', 2, 1, now(), now(), now(), 9000)`,
    [`req_${token}`, token, row.projectId, row.organizationId, LIGHTHOUSE_FIXTURE.url],
  );
  await app.sql(
    `INSERT INTO "Result" (id, "requestId", body, "contentType", bytes) VALUES ($1, $2, $3, 'application/json', $4)`,
    [`res_${token}`, `req_${token}`, body, Buffer.byteLength(body)],
  );
  return `/dashboard/projects/${row.projectId}/requests/${token}`;
}
