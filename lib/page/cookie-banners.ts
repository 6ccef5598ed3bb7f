/**
 * block_cookie_banners (spec 2.2) with @duckduckgo/autoconsent: its content script is injected
 * into every frame before page scripts run, finds the consent manager with the rules shipped in
 * the npm package (offline), and clicks "reject"/opts out, or hides the popup with cosmetic rules.
 * It costs 0.4–0.7 s per page (docs/architecture.md §2), so it runs only when asked.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { BrowserContext, Frame, Page } from "playwright-core";
import { filterCompactRules, type IndexedCMPRuleset } from "@duckduckgo/autoconsent";
import { singleton } from "@/lib/singleton";

interface Assets {
  script: string;
  rules: IndexedCMPRuleset;
}

function assets(): Assets {
  return singleton("autoconsent", (): Assets => {
    // The playwright bundle is not in the package's `exports`, so locate the package folder instead.
    // Resolved from the project root at run time: inside a Next.js bundle import.meta.url is rewritten.
    const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
    const dist = path.dirname(require.resolve("@duckduckgo/autoconsent"));
    const root = path.dirname(dist);
    return {
      script: fs.readFileSync(path.join(dist, "autoconsent.playwright.js"), "utf8"),
      rules: JSON.parse(
        fs.readFileSync(path.join(root, "rules", "compact-rules.json"), "utf8"),
      ) as IndexedCMPRuleset,
    };
  });
}

const CONFIG = {
  enabled: true,
  autoAction: "optOut",
  disabledCmps: [],
  enablePrehide: true,
  enableCosmeticRules: true,
  enableGeneratedRules: true,
  enableHeuristicDetection: true,
  // Fewer retries than the extension: we wait for a verdict at most cookieBannerMaxMs anyway.
  detectRetries: 6,
  isMainWorld: false,
  prehideTimeout: 2000,
  // Its logs would otherwise land in the customer's console result.
  logs: {
    lifecycle: false,
    rulesteps: false,
    detectionsteps: false,
    evals: false,
    errors: false,
    messages: false,
    waits: false,
  },
};

/** Lifecycle states after which the main frame has nothing more to do. */
const FINAL = new Set([
  "nothingDetected",
  "optOutSucceeded",
  "optOutFailed",
  "optInSucceeded",
  "optInFailed",
  "done",
]);

type Message = {
  type: string;
  id?: string;
  code?: string;
  state?: { lifecycle?: string };
  mainFrame?: boolean;
};

export interface CookieBannerSession {
  /** Resolves when the main frame's consent handling is over, or after `maxMs`. */
  settle(maxMs: number): Promise<void>;
}

async function reply(frame: Frame, message: object): Promise<void> {
  await frame.evaluate(
    `window.autoconsentReceiveMessage && window.autoconsentReceiveMessage(${JSON.stringify(message)})`,
  );
}

type Handler = (frame: Frame, msg: Message) => Promise<void>;

/** Which pages asked for banner blocking, and their message handlers. */
const handlers = new WeakMap<Page, Handler>();

/**
 * Expose the content script's message channel on a new context, before it has any page.
 *
 * Why per context, not per page: the first binding exposed in a context makes Playwright install
 * its binding machinery in every frame of every page of that context; if another job's page is
 * closing at that moment the call fails, and Playwright caches the failure for the context's
 * lifetime. Done once on an empty context, it cannot race. Only contexts of visits that asked for
 * banner blocking get it (the pool keys contexts by that): a binding lets any page script send
 * Node a message of any size, a channel the other pages must not have.
 */
export async function installCookieBannerChannel(context: BrowserContext): Promise<void> {
  await context.exposeBinding(
    "autoconsentSendMessage",
    async ({ page, frame }: { page: Page; frame: Frame }, msg: Message) => {
      const handler = handlers.get(page);
      if (handler && msg && typeof msg === "object") await handler(frame, msg).catch(() => undefined);
    },
  );
}

/** Install before navigation (the page's context must have had installCookieBannerChannel). */
export async function enableCookieBannerBlocking(page: Page): Promise<CookieBannerSession> {
  const { script, rules } = assets();
  let finished = false;
  let wake: (() => void) | null = null;
  const finish = () => {
    finished = true;
    wake?.();
  };

  handlers.set(page, async (frame, msg) => {
    const mainFrame = frame === page.mainFrame();
    switch (msg.type) {
      case "init":
        await reply(frame, {
          type: "initResp",
          config: CONFIG,
          rules: { compact: filterCompactRules(rules, { url: frame.url(), mainFrame }) },
        });
        break;
      case "eval": {
        // The content script uses only the truth of a snippet's value (in the main world it
        // evaluates `!!snippet()` itself). Made a boolean in the page, so whatever code a page sends
        // down this channel, what comes back to us is one bit.
        const code = `(async () => !!(await (${msg.code ?? "undefined"})))()`;
        const result: unknown = await frame.evaluate(code).catch(() => false);
        await reply(frame, { type: "evalResp", id: msg.id, result });
        break;
      }
      case "autoconsentDone":
      case "optOutResult":
        if (mainFrame) finish();
        break;
      case "report":
        if (mainFrame && msg.state?.lifecycle && FINAL.has(msg.state.lifecycle)) finish();
        break;
    }
  });
  await page.addInitScript({ content: script });

  return {
    async settle(maxMs) {
      if (finished) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
