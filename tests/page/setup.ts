/** One local site server and one browser pool per test file, torn down at the end. */
import { afterAll, beforeAll } from "vitest";
import { BrowserPool, type BrowserPoolOptions } from "@/lib/page/browser-pool";
import { startTestSites, type TestSites } from "@/tests/support/sites/server";
import { reloadConfig } from "@/lib/config";

export interface PageFixture {
  sites: TestSites;
  pool: BrowserPool;
}

export function pageFixture(poolOptions: BrowserPoolOptions = {}): PageFixture {
  const fixture = {} as PageFixture;
  beforeAll(async () => {
    fixture.sites = await startTestSites();
    // Before the pool starts: the egress proxy maps `.test` names through this variable.
    process.env.PAGE_TEST_HOSTS = fixture.sites.hostsEnv;
    reloadConfig();
    fixture.pool = new BrowserPool({ ...poolOptions, config: { concurrency: 2, ...poolOptions.config } });
  });
  afterAll(async () => {
    await fixture.pool?.shutdown();
    await fixture.sites?.close();
  });
  return fixture;
}
