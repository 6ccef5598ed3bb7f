/**
 * A page with every kind of subresource, for the load policy tests: which of them a "text" visit
 * fetches (the script) and which it skips (image, media, font) shows in the site's request log.
 */
import type { ServerResponse } from "node:http";
import type { Handler } from "./pages";

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function send(res: ServerResponse, type: string, body: string | Buffer) {
  res.writeHead(200, { "content-type": type }).end(body);
}

export const TEXT_POLICY_PAGES: Record<string, Handler> = {
  "/all-subresources": (_req, res) =>
    send(
      res,
      "text/html; charset=utf-8",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Subresources</title>
<style>@font-face { font-family: Local; src: url(/sub/font.woff2) format("woff2"); } body { font-family: Local, serif; }</style>
</head><body><article><h1>Subresources</h1>
<p>The text of this page is what a Markdown reader wants, whatever the images, fonts and videos do.</p>
<img src="/sub/pixel.png" alt="a pixel"><video src="/sub/clip.mp4" muted autoplay></video>
<p id="js">script did not run</p></article><script src="/sub/app.js"></script></body></html>`,
    ),
  "/sub/app.js": (_req, res) =>
    send(res, "text/javascript", `document.getElementById("js").textContent = "script ran";`),
  "/sub/pixel.png": (_req, res) => send(res, "image/png", Buffer.from(PNG_1X1, "base64")),
  "/sub/font.woff2": (_req, res) => void res.writeHead(404).end(),
  "/sub/clip.mp4": (_req, res) => void res.writeHead(404).end(),
};
