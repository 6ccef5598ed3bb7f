/**
 * The local test sites: one handler per case, selected by path (and by host for hosts whose
 * whole purpose is their name, like ads.test or robots.test). Every `.test` host reaches the same
 * server through PAGE_TEST_HOSTS.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { BOT_CHECK_PAGES } from "./bot-check-pages";
import { html, page } from "./html";
import { ISOLATION_PAGES } from "./isolation-pages";
import { LATE_NAVIGATION_PAGES } from "./late-navigation-pages";
import { META_PAGES } from "./meta-pages";
import { MARKDOWN_PAGES } from "./markdown-pages";
import { TEXT_POLICY_PAGES } from "./text-policy-pages";

export type Handler = (req: IncomingMessage, res: ServerResponse, ctx: SiteContext) => void;

export interface SiteContext {
  httpPort: number;
  url: URL;
}

/** 1×1 transparent PNG. */
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let bigPage: string | null = null;
/**
 * 11 MB of HTML, over the 10 MB limit. Kept out of layout (`hidden`): one huge rendered paragraph
 * takes Chromium 15 s to lay out, and layout is not what this case is about.
 */
function big(): string {
  bigPage ??= page(
    "big",
    `<div hidden>${"<span>lorem ipsum dolor sit amet</span>\n".repeat(270_000)}</div><p>visible</p>`,
  );
  return bigPage;
}

const CHALLENGE = page(
  "Just a moment...",
  `<div id="challenge-running">Checking your browser before accessing the site.</div>
   <script>window._cf_chl_opt = { cType: "managed" };</script>`,
);

export const BY_HOST: Record<string, Handler> = {
  // An ad server: every path is an ad (an image where one is asked for).
  "ads.test": (_req, res, { url }) => {
    if (!url.pathname.endsWith(".png")) return html(res, page("ad", "<div>buy now</div>"));
    res.writeHead(200, { "content-type": "image/png" });
    res.end(Buffer.from(PNG_1X1, "base64"));
  },
  "robots.test": (req, res, { url }) => {
    if (url.pathname === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" });
      return void res.end(
        "User-agent: *\nDisallow: /private\n\nUser-agent: PageToDataBot\nDisallow: /no-bots\n",
      );
    }
    html(res, page("robots", "ok"));
  },
  "robots-404.test": (_req, res) => html(res, page("nf", "none"), 404),
  "robots-500.test": (_req, res) => html(res, page("err", "down"), 500),
};

export const BY_PATH: Record<string, Handler> = {
  ...ISOLATION_PAGES,
  ...BOT_CHECK_PAGES,
  ...LATE_NAVIGATION_PAGES,
  ...TEXT_POLICY_PAGES,
  ...META_PAGES,
  ...MARKDOWN_PAGES,
  "/": (_req, res) => html(res, page("Home", "<h1>Hello from site.test</h1><p>Static text.</p>")),
  "/script-text": (_req, res) =>
    html(
      res,
      page(
        "Script",
        `<div id="out"></div><script>document.getElementById("out").textContent = "inserted-by-script";</script>`,
      ),
    ),
  "/fetch-text": (_req, res) =>
    html(
      res,
      page(
        "Fetch",
        `<div id="out">pending</div><script>
      window.addEventListener("load", () => fetch("/slow-json").then(r => r.json()).then(j => { document.getElementById("out").textContent = j.text; }));
    </script>`,
      ),
    ),
  "/slow-json": (_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ text: "loaded-after-load" }));
    }, 300);
  },
  "/console": (_req, res) =>
    html(
      res,
      page(
        "Console",
        `<script>
      console.log("log is not collected");
      console.warn("first warning");
      console.error("first error");
      setTimeout(() => { throw new TypeError("boom"); }, 0);
      setTimeout(() => { console.error("second error"); }, 30);
      setTimeout(() => { Promise.reject(new Error("rejected")); }, 60);
    </script>`,
      ),
    ),
  "/429": (_req, res) => html(res, page("slow down", "429"), 429, { "retry-after": "1" }),
  "/hang": () => {
    /* never answers */
  },
  "/redirect-loop": (_req, res) => {
    res.writeHead(302, { location: "/redirect-loop" });
    res.end();
  },
  "/redirect-private": (_req, res, { httpPort }) => {
    res.writeHead(302, { location: `http://127.0.0.1:${httpPort}/` });
    res.end();
  },
  "/doc.pdf": (_req, res) => {
    res.writeHead(200, { "content-type": "application/pdf" });
    res.end("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  },
  "/image.png": (_req, res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.end(Buffer.from(PNG_1X1, "base64"));
  },
  "/download": (_req, res) => {
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-disposition": 'attachment; filename="data.bin"',
    });
    res.end("binary");
  },
  // Declared size: refused from the headers alone.
  "/big": (_req, res) => html(res, big(), 200, { "content-length": String(Buffer.byteLength(big())) }),
  // No Content-Length (chunked): refused after rendering, by the size of the DOM.
  "/big-chunked": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    const body = big();
    for (let i = 0; i < body.length; i += 1 << 20) res.write(body.slice(i, i + (1 << 20)));
    res.end();
  },
  "/bot-check": (_req, res) => html(res, CHALLENGE, 403, { "cf-mitigated": "challenge" }),
  "/bot-check-clears": (_req, res) =>
    html(
      res,
      CHALLENGE.replace(
        "</body>",
        `<script>setTimeout(() => location.replace("/bot-cleared"), 400);</script></body>`,
      ),
      503,
    ),
  // DOM evidence only: an ordinary 200 with a challenge document, no vendor header.
  "/bot-check-dom": (_req, res) => html(res, CHALLENGE),
  "/captcha-wall": (_req, res) =>
    html(
      res,
      page("Verify", `<p>Please verify you are human.</p><div class="h-captcha" data-sitekey="x"></div>`),
    ),
  // A real page that happens to have a captcha on its contact form: not a bot check.
  "/contact-form": (_req, res) =>
    html(
      res,
      page(
        "Contact",
        `<article>${"<p>Plenty of ordinary article text on this page. </p>".repeat(40)}</article>
      <form><textarea></textarea><div class="g-recaptcha" data-sitekey="x"></div></form>`,
      ),
    ),
  "/ua": (req, res) =>
    html(res, page("UA", `<p id="ua">${(req.headers["user-agent"] ?? "").replace(/[<&]/g, "")}</p>`)),
  "/js-redirect": (_req, res) =>
    html(
      res,
      `<!doctype html><html><head><script>location.replace("/bot-cleared");</script></head><body>moving</body></html>`,
    ),
  "/bot-cleared": (_req, res) => html(res, page("Real page", "<h1>past the challenge</h1>")),
  // An anti-adblock script's last resort: the page removes its own document once it has loaded.
  "/removes-itself": (_req, res) =>
    html(
      res,
      page(
        "Gone",
        `<h1>An article</h1><p>Its text, for a moment.</p><script>addEventListener("load", () => document.documentElement.remove());</script>`,
      ),
    ),
  "/dark": (_req, res) =>
    html(
      res,
      page(
        "Dark",
        "<h1>theme</h1>",
        `<style>html,body{margin:0;background:#fff;color:#000}
      @media (prefers-color-scheme: dark){html,body{background:#000;color:#fff}}</style>`,
      ),
    ),
  "/transparent": (_req, res) => html(res, page("Transparent", "<p>no background</p>")),
  "/tall": (_req, res, { url }) => {
    const h = Number(url.searchParams.get("h") ?? "20000");
    html(
      res,
      page(
        "Tall",
        `<div style="height:${h}px;background:linear-gradient(#f00,#00f)"></div>`,
        "<style>body{margin:0}</style>",
      ),
    );
  },
  "/elements": (_req, res) =>
    html(
      res,
      page(
        "Elements",
        `
      <div id="box" style="width:200px;height:100px;background:#0a0">box</div>
      <p class="hide-me">hidden text</p>
      <p class="remove-me">removed text</p>
      <p id="keep">kept text</p>
      <div id="zero" style="width:0;height:0"></div>`,
        "<style>body{margin:0}</style>",
      ),
    ),
  "/late-element": (_req, res) =>
    html(
      res,
      page(
        "Late",
        `<script>setTimeout(() => { const d = document.createElement("div"); d.id = "late"; d.textContent = "late arrival"; document.body.append(d); }, 300);</script>`,
      ),
    ),
  "/with-ads": (_req, res) =>
    html(
      res,
      page(
        "Ads",
        `<p>content</p><div class="ad-slot">ad slot</div><img id="ad" src="http://ads.test/banner.png">
      <script>document.getElementById("ad").addEventListener("error", () => document.body.dataset.adBlocked = "yes");</script>`,
      ),
    ),
  "/cookie-banner": (_req, res) =>
    html(
      res,
      page(
        "Cookies",
        `<p>article</p>
      <div id="adroll_consent_container" style="position:fixed;bottom:0;left:0;right:0;height:120px;background:#ccc">
        We use cookies. <button id="adroll_consent_accept">Accept</button>
        <button id="adroll_consent_reject" onclick="document.getElementById('adroll_consent_container').remove(); document.body.dataset.consent='rejected';">Reject</button>
      </div>`,
      ),
    ),
  "/garbage": (req) => {
    // Not HTTP at all: the connection answers with noise and closes.
    req.socket.end("this is not an HTTP response\r\n\r\n");
  },
};

export function statusPage(res: ServerResponse, status: number): void {
  html(res, page(`Status ${status}`, `<h1>${status}</h1>`), status);
}
