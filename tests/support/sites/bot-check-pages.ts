/**
 * Anti-bot walls of the vendors the DOM check knows besides Cloudflare's (lib/page/bot-check.ts),
 * in the shape their pages have, and ordinary pages that share a marker with them. Served by the
 * page-engine test sites.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { html as send, page } from "./html";

/** Anubis's proof-of-work wall: its challenge as JSON, its mascot, a page of explanation. */
const ANUBIS = page(
  "Making sure you&#39;re not a bot!",
  `<main><h1 id="title">Making sure you're not a bot!</h1>
   <img id="image" src="/.within.website/x/cmd/anubis/static/img/pensive.webp" alt="">
   <p id="status">Loading...</p>
   <details><summary>Why am I seeing this?</summary>
   <p>${"You are seeing this because the administrator of this website has set up Anubis to protect the server against the scourge of AI companies aggressively scraping websites. ".repeat(3)}</p></details>
   <script id="anubis_challenge" type="application/json">{"rules":{"algorithm":"fast","difficulty":4},"challenge":{"id":"x","randomData":"abc"}}</script></main>`,
);

/** Solved after a moment, as a browser solves the proof of work, then on to the page. */
const solves = (body: string) =>
  body.replace("</body>", `<script>setTimeout(() => location.replace("/bot-cleared"), 400);</script></body>`);

export const BOT_CHECK_PAGES: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/anubis": (_req, res) => send(res, ANUBIS),
  "/anubis-solves": (_req, res) => send(res, solves(ANUBIS)),
  // AWS WAF's challenge: 202 and its header, a script that defines `gokuProps`.
  "/aws-waf": (_req, res) =>
    send(
      res,
      page(
        "",
        `<div id="challenge-container"></div><script>window.gokuProps = { key: "k", iv: "i" };</script>`,
      ),
      202,
      { "x-amzn-waf-action": "challenge" },
    ),
  // The same document without the header: the DOM alone tells.
  "/aws-waf-dom": (_req, res) =>
    send(
      res,
      page("", `<div id="challenge-container"></div><script>window.gokuProps = { key: "k" };</script>`),
    ),
  // Imperva's block: the page is a frame of its resource.
  "/imperva": (_req, res) =>
    send(
      res,
      page(
        "",
        `<iframe id="main-iframe" src="/_Incapsula_Resource?SWUDNSAI=31&xinfo=1" height="100%" width="100%">Request unsuccessful. Incapsula incident ID: 1-2</iframe>`,
      ),
    ),
  // A wall known only by its title (Akamai's, Distil's).
  "/pardon": (_req, res) =>
    send(
      res,
      page(
        "Pardon Our Interruption",
        `<p>As you were browsing something about your browser made us think you were a bot.</p>`,
      ),
    ),
  // A wall named by its title, then the site's name.
  "/verification-wall": (_req, res) =>
    send(res, page("Human Verification | Example Shop", `<p>Please confirm you are human to continue.</p>`)),
  // A short page about the subject whose title starts as a wall's does: not a wall.
  "/verification-howto": (_req, res) =>
    send(
      res,
      page(
        "Human verification: how our sign-up checks work",
        `<article><h1>Human verification</h1><p>We ask new accounts to confirm an e-mail address before they post.</p></article>`,
      ),
    ),
  // An article about robots whose title asks the same question: not a wall.
  "/robot-article": (_req, res) =>
    send(
      res,
      page(
        "Are you a robot? What CAPTCHAs ask, and why",
        `<article><h1>Are you a robot?</h1>${"<p>CAPTCHAs have asked people to prove they are human for twenty years, and the puzzles have changed with the machines that solve them. </p>".repeat(20)}</article>`,
      ),
    ),
};
