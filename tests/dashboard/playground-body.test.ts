import { describe, expect, it } from "vitest";
import {
  buildRequestBody,
  curlCommand,
  DEFAULT_FORM,
  selectorList,
  type PlaygroundForm,
} from "@/lib/dashboard/playground-body";

const form = (over: Partial<PlaygroundForm>): PlaygroundForm => ({ ...DEFAULT_FORM, ...over });

describe("Playground request body", () => {
  it("sends only url and sync by default", () => {
    expect(buildRequestBody(form({ endpoint: "html", url: " http://article.test/ " }))).toEqual({
      url: "http://article.test/",
      sync: true,
    });
  });

  it("adds screenshot options for screenshot, and for scrape only when it includes screenshot", () => {
    const screenshot = {
      fullPage: false,
      format: "jpeg" as const,
      darkMode: true,
      viewportWidth: "800",
      viewportHeight: "",
    };
    expect(buildRequestBody(form({ endpoint: "screenshot", screenshot }))).toMatchObject({
      screenshot_options: { full_page: false, format: "jpeg", dark_mode: true, viewport_width: 800 },
    });
    expect(
      buildRequestBody(form({ endpoint: "scrape", scrapeOperations: ["meta"], screenshot })),
    ).not.toHaveProperty("screenshot_options");
    expect(
      buildRequestBody(form({ endpoint: "scrape", scrapeOperations: ["meta", "screenshot"], screenshot })),
    ).toMatchObject({
      operations: ["meta", "screenshot"],
      screenshot_options: { format: "jpeg" },
    });
  });

  it("passes page options through, invalid values included, so the API names the problem", () => {
    const body = buildRequestBody(
      form({
        endpoint: "markdown",
        sync: false,
        bypassCache: true,
        page: { waitForSelector: "#main", delay: "abc", removeSelectors: "nav, .ad\nfooter" },
      }),
    );
    expect(body).toEqual({
      url: DEFAULT_FORM.url,
      sync: false,
      max_age: 0,
      page_options: { wait_for_selector: "#main", delay: "abc", remove_selectors: ["nav", ".ad", "footer"] },
    });
  });

  it("keeps commas inside selectors", () => {
    expect(selectorList("a[title='x,y'], :is(h1, h2)")).toEqual(["a[title='x,y']", ":is(h1, h2)"]);
  });

  it("renders an equivalent curl command with a key placeholder", () => {
    expect(curlCommand("https://x.example", "html", { url: "https://e.com/it's" })).toContain(
      `-d '{"url":"https://e.com/it'\\''s"}'`,
    );
  });
});
