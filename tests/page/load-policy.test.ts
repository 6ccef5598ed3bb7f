import { describe, expect, it } from "vitest";
import { loadPolicyFor } from "@/lib/operations";
import { markdown } from "@/lib/operations/markdown";
import type { LoadPolicy } from "@/lib/page/types";
import { hasLoadHandlers } from "@/lib/page/navigate";
import { visitPage } from "@/lib/page/visit";
import { pageFixture } from "./setup";

const fx = pageFixture();

/** Visit the page with every kind of subresource; returns its Markdown and what it fetched. */
async function visit(loadPolicy: LoadPolicy) {
  const before = fx.sites.log.length;
  const md = await visitPage(
    { organization: "org-test", url: "http://site.test/all-subresources", loadPolicy },
    (snap) => markdown(snap),
    { pool: fx.pool },
  );
  const fetched = fx.sites.log.slice(before).map((line) => line.split(" ")[1]);
  return { md, fetched };
}

describe("load policy", () => {
  it("text operations use the text policy; screenshot and console keep the full load", () => {
    expect(loadPolicyFor(["markdown"])).toBe("text");
    expect(loadPolicyFor(["html", "meta", "summarize", "keywords", "markdown", "lighthouse"])).toBe("text");
    expect(loadPolicyFor(["markdown", "screenshot"])).toBe("full");
    expect(loadPolicyFor(["console"])).toBe("full");
  });

  it("a text visit skips images, media and fonts but runs the page's scripts", async () => {
    const { md, fetched } = await visit("text");
    expect(md).toContain("what a Markdown reader wants");
    expect(md).toContain("script ran");
    expect(fetched).toContain("/sub/app.js");
    expect(fetched).not.toContain("/sub/pixel.png");
    expect(fetched).not.toContain("/sub/font.woff2");
    expect(fetched).not.toContain("/sub/clip.mp4");
  });

  it("a full visit fetches them", async () => {
    const { md, fetched } = await visit("full");
    expect(md).toContain("script ran");
    expect(fetched).toContain("/sub/pixel.png");
    expect(fetched).toContain("/sub/font.woff2");
  });

  it("a text visit still waits, briefly, for data a script fetches after load", async () => {
    const out = await visitPage(
      // A generous budget: what is tested is that the text policy still waits (within its budget)
      // for `load` and for requests in flight, not how fast a loaded machine gets there.
      {
        organization: "org-test",
        url: "http://site.test/fetch-text",
        loadPolicy: "text",
        limits: { textSettleMaxMs: 15_000 },
      },
      async (snap) => snap.html,
      { pool: fx.pool },
    );
    expect(out).toContain("loaded-after-load");
  });
});

describe("hasLoadHandlers: one DevTools call tells whether a load-time listener exists", () => {
  const shapes: Array<[string, string, boolean]> = [
    ["no listener", `<p>x</p>`, false],
    ["a click listener only", `<script>addEventListener("click", () => {})</script>`, false],
    ["window load listener", `<script>addEventListener("load", () => {})</script>`, true],
    ["<body onload>", `<body onload="void 0"><p>x</p></body>`, true],
    ["window.onload property", `<script>window.onload = () => {}</script>`, true],
    [
      "document DOMContentLoaded",
      `<script>document.addEventListener("DOMContentLoaded", () => {})</script>`,
      true,
    ],
    ["document.onreadystatechange", `<script>document.onreadystatechange = () => {}</script>`, true],
    ["pageshow", `<script>addEventListener("pageshow", () => {})</script>`, true],
    // Cannot be told: yes.
    [
      "a global of the page's named getEventListeners",
      `<script>window.getEventListeners = () => ({})</script>`,
      true,
    ],
  ];
  it.each(shapes)("%s", async (_name, html, expected) => {
    const answer = await visitPage(
      { organization: "org-test", url: "http://site.test/" },
      async (snap) => {
        await snap.page.setContent(html);
        return hasLoadHandlers(snap.page);
      },
      { pool: fx.pool },
    );
    expect(answer).toBe(expected);
  });
});
