import type { LighthouseResult } from "@/lib/lighthouse/types";

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
