/**
 * Pages that move themselves after their first response arrived: a script (at once, on `load`, or
 * later) or a meta refresh sends the main frame to `?to=`. When the target does not answer, Chromium
 * shows its own error page (chrome-error://chromewebdata/), which must never be returned as content.
 * Served by both the page-engine test sites and the API tests.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const send = (res: ServerResponse, body: string) =>
  void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);

const ARTICLE = `<article><h1>A page that moves</h1>
<p>The first document: an ordinary article with enough text to count as the page's content.</p></article>`;

/** The query's `to` (where to go) and `after` (ms; absent: at once while parsing). */
function params(req: IncomingMessage): { to: string; after: number | null } {
  const url = new URL(req.url ?? "/", "http://x");
  const after = url.searchParams.get("after");
  return { to: url.searchParams.get("to") ?? "/", after: after === null ? null : Number(after) };
}

export const LATE_NAVIGATION_PAGES: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  // `location.href = to`, while the document parses, or `after` ms after `load`.
  "/moves": (req, res) => {
    const { to, after } = params(req);
    const go = `location.href = ${JSON.stringify(to)};`;
    const script =
      after === null ? go : `addEventListener("load", () => setTimeout(() => { ${go} }, ${after}));`;
    send(
      res,
      `<!doctype html><html><head><meta charset="utf-8"><title>Moving</title><script>${script}</script></head><body>${ARTICLE}</body></html>`,
    );
  },
  // A document that streams in: its first paragraph at once, the rest `after` ms later (a slow
  // server's page, read while it loads only if a read does not wait for it to be parsed).
  "/trickles": (req, res) => {
    const { after } = params(req);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.write(
      `<!doctype html><html><head><meta charset="utf-8"><title>Trickling</title></head><body><article><h1>A page that streams in</h1><p>The first paragraph arrives at once, with the headline.</p>`,
    );
    setTimeout(
      () =>
        res.end(`<p>The second paragraph arrives later, and the page is whole.</p></article></body></html>`),
      after ?? 1_500,
    );
  },
  // An ad-recovery script's loop: `after` ms after `load` it asks `confirm()`, which a headless
  // browser dismisses, and reloads the page, every time; with `hop`, it goes on to the next hop's
  // address instead (a redirect chain without end).
  "/reloads": (req, res) => {
    const { after } = params(req);
    const hop = new URL(req.url ?? "/", "http://x").searchParams.get("hop");
    const next =
      hop === null
        ? "location.reload();"
        : `location.href = "/reloads?after=${after ?? 0}&hop=${Number(hop) + 1}";`;
    const script = `addEventListener("load", () => setTimeout(() => {
      confirm("There was a problem loading the page. Reload?");
      ${next}
    }, ${after ?? 0}));`;
    send(
      res,
      `<!doctype html><html><head><meta charset="utf-8"><title>Reloading</title><script>${script}</script></head><body>${ARTICLE}</body></html>`,
    );
  },
  // <meta http-equiv="refresh" content="after/1000;url=to">.
  "/refreshes": (req, res) => {
    const { to, after } = params(req);
    const content = `${Math.round((after ?? 0) / 1000)};url=${to}`.replace(/"/g, "&quot;");
    send(
      res,
      `<!doctype html><html><head><meta charset="utf-8"><title>Refreshing</title><meta http-equiv="refresh" content="${content}"></head><body>${ARTICLE}</body></html>`,
    );
  },
};
