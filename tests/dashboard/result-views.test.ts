import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MetaCard } from "@/components/results/meta-card";
import { isFailing } from "@/components/results/lighthouse-view";
import { sniffFormat } from "@/components/results/screenshot-view";
import { LIGHTHOUSE_FIXTURE } from "../support/lighthouse-fixture";

const META = {
  title: "A title",
  description: "A description",
  language: "en",
  main_image_url: "https://cdn.site.test/og.png",
  favicon_url: "/favicon.ico",
  author_name: "Ada",
  feed_url: "javascript:alert(1)",
  publication_date: "2024-03-05",
  additional_author_information: { twitter: "@ada", nested: { x: 1 } },
};

describe("result views (issue 26 point 7)", () => {
  it("the meta card shows the page's image and favicon as links, never as images", () => {
    const html = renderToStaticMarkup(
      createElement(MetaCard, { meta: META, pageUrl: "https://site.test/post" }),
    );
    expect(html).not.toMatch(/<img|srcset|src=/i);
    expect(html).toContain('href="https://cdn.site.test/og.png"');
    expect(html).toContain('href="https://site.test/favicon.ico"');
    // A script address is shown as text, not linked.
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("javascript:alert(1)</span>");
    expect(html).toContain(">@ada<");
    expect(html).not.toContain("nested");
  });

  it("failing audits are the scored ones under Lighthouse's 0.9 pass mark", () => {
    const failing = Object.values(LIGHTHOUSE_FIXTURE.audits!).filter(isFailing);
    expect(failing.map((a) => a.id)).toEqual(["image-alt", "largest-contentful-paint"]);
  });

  it("a screenshot's format comes from its bytes", () => {
    expect(sniffFormat("iVBORw0KGgo", "jpeg")).toBe("png");
    expect(sniffFormat("/9j/4AAQ", "png")).toBe("jpeg");
    expect(sniffFormat("UklGRiQ", "png")).toBe("webp");
    expect(sniffFormat("????", "webp")).toBe("webp");
  });
});
