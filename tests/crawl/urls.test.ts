/** One form per URL, the scope of a crawl or map, and links read from HTML (lib/crawl, issue 24). */
import { describe, expect, it } from "vitest";
import { linksInHtml } from "@/lib/crawl/links";
import { normalizeLink, Scope } from "@/lib/crawl/urls";
import { memoryHostStateStore, planTurn, type TurnContext } from "@/lib/page/politeness";
import { robotsRules, type RobotsRecord } from "@/lib/page/robots";

const scope = (start: string, o: Partial<ConstructorParameters<typeof Scope>[1]> = {}) =>
  new Scope(new URL(start), { includeSubdomains: false, includePaths: [], excludePaths: [], ...o });

describe("one form per URL", () => {
  it("drops the fragment and tracking parameters, sorts the rest, lowers the host", () => {
    const one = (href: string) => normalizeLink(href)?.href;
    expect(one("https://Docs.Example.COM./a?utm_source=x&b=2&a=1&gclid=z#top")).toBe(
      "https://docs.example.com/a?a=1&b=2",
    );
    expect(one("https://example.com/a?fbclid=1&msclkid=2&UTM_Campaign=3")).toBe("https://example.com/a");
    expect(one("https://example.com:443/a")).toBe("https://example.com/a");
    expect(one("https://user:pw@example.com/a")).toBe("https://example.com/a");
    // Parameters that select content stay, in one order.
    expect(one("https://example.com/search?q=x&page=2")).toBe(one("https://example.com/search?page=2&q=x"));
    expect(one("mailto:a@example.com")).toBeUndefined();
    expect(one("javascript:void(0)")).toBeUndefined();
    expect(one("/relative")).toBeUndefined();
    expect(normalizeLink("../b?x=1#f", "https://example.com/docs/a")?.href).toBe("https://example.com/b?x=1");
  });
});

describe("a crawl's scope", () => {
  it("takes the start host with or without www, in the start page's scheme; nothing else by default", () => {
    const s = scope("https://www.example.com/");
    expect(s.take("http://example.com/a")?.href).toBe("https://example.com/a");
    expect(s.take("https://www.example.com/b")?.href).toBe("https://www.example.com/b");
    expect(s.take("https://blog.example.com/")).toBeNull();
    expect(s.take("https://example.org/")).toBeNull();
  });

  it("takes subdomains of the registrable domain when asked", () => {
    const s = scope("https://docs.example.co.uk/", { includeSubdomains: true });
    expect(s.take("https://blog.example.co.uk/x")?.href).toBe("https://blog.example.co.uk/x");
    expect(s.take("https://example.co.uk/")?.href).toBe("https://example.co.uk/");
    expect(s.take("https://other.co.uk/")).toBeNull();
  });

  it("leaves out what is not a page, and what the URL rules refuse", () => {
    const s = scope("https://example.com/");
    for (const href of ["/report.pdf", "/logo.PNG", "/app.js", "/feed.xml", "/archive.tar.gz"])
      expect(s.take(href, "https://example.com/"), href).toBeNull();
    expect(s.take("/guide.html", "https://example.com/")?.href).toBe("https://example.com/guide.html");
    expect(scope("https://example.com/").take("https://example.com:8443/")).toBeNull();
  });

  it("include_paths and exclude_paths match the path only", () => {
    const s = scope("https://example.com/", { includePaths: ["^/docs/"], excludePaths: ["/internal/"] });
    expect(s.take("https://example.com/docs/a?x=/internal/")?.href).toBe(
      "https://example.com/docs/a?x=%2Finternal%2F",
    );
    expect(s.take("https://example.com/docs/internal/a")).toBeNull();
    expect(s.take("https://example.com/blog/a")).toBeNull();
    // The start page is in scope even when the paths leave it out (it is read for links).
    expect(s.onSite("https://example.com/")?.href).toBe("https://example.com/");
    expect(s.pathWanted(new URL("https://example.com/"))).toBe(false);
  });
});

describe("links in HTML", () => {
  it("reads a and area hrefs, resolved against <base href>, entities decoded", () => {
    const html = `<html><head><base href="https://cdn.example.com/docs/"></head><body>
      <a href="a?x=1&amp;y=2">A</a><area href="/b"><a name="no-href">x</a><a href="https://other.example/">o</a>
      <a href="http://[bad">bad</a></body></html>`;
    expect(linksInHtml(html, "https://example.com/page")).toEqual([
      "https://cdn.example.com/docs/a?x=1&y=2",
      "https://cdn.example.com/b",
      "https://other.example/",
    ]);
  });
});

describe("robots.txt Crawl-delay as the spacing of a host's turns", () => {
  it("is read for our user agent, capped, and spaces the turns it reserves", async () => {
    const record: RobotsRecord = {
      body: "User-agent: *\nCrawl-delay: 2\nDisallow: /private\nSitemap: https://example.com/s.xml\n",
      status: 200,
      fetchedAt: Date.now(),
    };
    const store = { get: async () => record, put: async () => {} };
    const rules = await robotsRules("https://example.com", { store });
    expect(rules.crawlDelayMs).toBe(2000);
    expect(rules.sitemaps).toEqual(["https://example.com/s.xml"]);
    expect(rules.allowed("https://example.com/private/x")).toBe(false);
    expect(rules.allowed("https://example.com/public")).toBe(true);
    const huge = await robotsRules("https://example.com", {
      store: {
        get: async () => ({ ...record, body: "User-agent: *\nCrawl-delay: 86400\n" }),
        put: async () => {},
      },
    });
    expect(huge.crawlDelayMs).toBe(30_000);

    const t = 1_700_000_000_000;
    const ctx: TurnContext = {
      host: "example.com",
      deadline: t + 600_000,
      now: () => t,
      store: memoryHostStateStore(),
      spacingMs: rules.crawlDelayMs,
    };
    expect(await planTurn(ctx)).toEqual({ kind: "go" });
    expect(await planTurn(ctx)).toEqual({ kind: "wait", until: t + 2000 });
    expect(await planTurn(ctx)).toEqual({ kind: "wait", until: t + 4000 });
    // Without spacing (a single request to a healthy host) nothing waits.
    expect(await planTurn({ ...ctx, host: "other.example", spacingMs: undefined })).toEqual({ kind: "go" });
  });
});
