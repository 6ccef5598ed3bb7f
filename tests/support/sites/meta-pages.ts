/**
 * Articles whose metadata is malformed as held-out pages printed it, for the `meta` answer's
 * last step (lib/operations/meta-answer.ts): a publication time from a template that never
 * expanded ("%Z"), bylines that are labels ("Produced by", "The Author"), a section's name in
 * capitals where a byline goes, and an author box headed "Meet …".
 */
import type { IncomingMessage, ServerResponse } from "node:http";

type Page = (req: IncomingMessage, res: ServerResponse) => void;

const PROSE = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the storm season began early this year, and the river rose faster than the gauges had been built to record, so the town council met twice in one week.</p>`,
).join("");

const article = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storm season</title>${head}</head>
<body><main><article><h1>Storm season</h1>${body}${PROSE}</article></main></body></html>`;

const send =
  (body: string): Page =>
  (_req, res) =>
    void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);

/** Served by both local sites: tests/support/sites (the engine's tests) and local-site.ts (the API's). */
export const META_PAGES: Record<string, Page> = {
  // Labels where the byline goes, and a declared time with an unexpanded "%Z".
  "/meta/labels": send(
    article(
      `<meta property="article:published_time" content="2016-05-24T05:55%Z">`,
      `<div class="byline">Produced by</div><div class="author-box"><h3>The Author</h3></div>`,
    ),
  ),
  // A section's name in a byline's link, and the writer named in an author box's heading.
  "/meta/author-box": send(
    article(
      `<meta name="date" content="2016-05-24T05:55%Z">`,
      `<div class="byline"><a href="/digits">THE DIGITS</a></div>
       <aside class="author-bio"><h4>Meet Wes Bos</h4><p>Wes teaches web development.</p></aside>`,
    ),
  ),
};
