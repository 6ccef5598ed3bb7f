/** Our Chromium switches keep what Playwright sets: Chromium honours only the last `--disable-features`. */
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from "@/lib/page/config";

/** The feature names in Playwright's own `disabledFeatures` list, read from the installed package. */
function playwrightDisabledFeatures(): string[] {
  const bundle = createRequire(import.meta.url).resolve("playwright-core/lib/coreBundle");
  const source = fs.readFileSync(bundle, "utf8");
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(source)?.[1];
  if (!list) throw new Error("Playwright's disabledFeatures list was not found in its bundle");
  return [...list.replace(/\/\/.*$/gm, "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

describe("Chromium switches", () => {
  it("our one --disable-features carries every feature Playwright disables, and ours", () => {
    const fromPlaywright = playwrightDisabledFeatures();
    expect(fromPlaywright.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...fromPlaywright].sort());
    const switches = CHROMIUM_ARGS.filter((a) => a.startsWith("--disable-features="));
    expect(switches).toHaveLength(1);
    const ours = switches[0]!.slice("--disable-features=".length).split(",");
    for (const feature of fromPlaywright) expect(ours).toContain(feature);
    expect(ours).toContain("SpareRendererForSitePerProcess");
  });
});
