import { describe, expect, it } from "vitest";
import { mainText } from "@/lib/operations/main-text";
import { markdown } from "@/lib/operations/markdown";
import { meta } from "@/lib/operations/meta";
import { devtoolsSession, evaluateIsolated } from "@/lib/page/isolated-world";
import type { PageSnapshot } from "@/lib/page/types";
import { visitPage } from "@/lib/page/visit";
import { pageFixture } from "@/tests/page/setup";

/**
 * Our in-page code as parts (lib/operations/in-page-call.ts): sent on a page's first read, then
 * preloaded in our isolated world of the page's later documents, so a read sends only its call.
 * What a read answers is the same either way.
 */
const fx = pageFixture();

function visitAs<T>(org: string, read: (snap: PageSnapshot) => Promise<T>): Promise<T> {
  return visitPage({ organization: org, url: "http://site.test/markdown/table", loadPolicy: "text" }, read, {
    pool: fx.pool,
  });
}

/** The lengths of the expressions `read` evaluates through the page's DevTools session. */
async function evaluationsOf<T>(
  snap: PageSnapshot,
  read: () => Promise<T>,
): Promise<{ value: T; sizes: number[] }> {
  const cdp = await devtoolsSession(snap.page);
  const sizes: number[] = [];
  const send = cdp.send.bind(cdp);
  const spy = ((method: string, params?: { expression?: string }) => {
    if (method === "Runtime.evaluate") sizes.push(params?.expression?.length ?? 0);
    return send(method as never, params as never);
  }) as typeof cdp.send;
  cdp.send = spy;
  try {
    return { value: await read(), sizes };
  } finally {
    cdp.send = send;
  }
}

describe("in-page parts", () => {
  it("preloads meta's rules: the next document answers the same without receiving them", async () => {
    const org = "org-parts-meta";
    const first = await visitAs(org, (snap) => evaluationsOf(snap, () => meta(snap)));
    const second = await visitAs(org, async (snap) => ({
      before: await evaluateIsolated(snap.page, "typeof __ptdMeta"),
      pageSees: await snap.page.evaluate("typeof __ptdMeta"),
      read: await evaluationsOf(snap, () => meta(snap)),
    }));
    expect(Math.max(...first.sizes)).toBeGreaterThan(20_000); // the rules, sent once
    expect(second.before).toBe("object");
    expect(second.pageSees).toBe("undefined");
    expect(Math.max(...second.read.sizes)).toBeLessThan(2_000); // only the call
    expect(second.read.value).toEqual(first.value);
    expect(second.read.value.title).toBeTruthy();
  });

  it("shares the extractor between markdown and the AI operations' text: only the missing part is sent", async () => {
    const org = "org-parts-shared";
    await visitAs(org, (snap) => markdown(snap));
    const text = await visitAs(org, (snap) => evaluationsOf(snap, () => mainText(snap)));
    // The main-text walker is sent (a few KB); the extractor and its libraries (~95 KB) are not.
    expect(Math.max(...text.sizes)).toBeLessThan(10_000);
    expect(text.sizes.length).toBeGreaterThan(1);
    const again = await visitAs(org, (snap) => evaluationsOf(snap, () => mainText(snap)));
    expect(again.sizes).toHaveLength(1);
    expect(again.value).toEqual(text.value);
    expect(text.value.text).toMatch(/\S/);
  });

  it("defines nothing in the about:blank a recycled page waits on", async () => {
    const org = "org-parts-blank";
    await visitAs(org, (snap) => markdown(snap));
    const onBlank = await visitAs(org, async (snap) => {
      const visited = await evaluateIsolated(snap.page, "typeof __ptdMain");
      await snap.page.goto("about:blank");
      return { visited, blank: await evaluateIsolated(snap.page, "typeof __ptdMain") };
    });
    expect(onBlank).toEqual({ visited: "function", blank: "undefined" });
  });
});
