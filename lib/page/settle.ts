/**
 * "The page settled": after `load`, requests still in flight (data fetched by scripts, lazy
 * images) may still change the DOM. We wait until none are in flight, capped, instead of a fixed
 * network-idle pause: a static page is done at `load` and pays nothing extra.
 */
import type { Page, Request } from "playwright-core";

export interface NetworkTracker {
  inFlight(): number;
  /** Resolves when no request is in flight (checked every `pollMs`) or after `maxMs`. */
  settle(maxMs: number, pollMs?: number): Promise<void>;
  dispose(): void;
}

export function trackNetwork(page: Page): NetworkTracker {
  const pending = new Set<Request>();
  const started = (r: Request) => void pending.add(r);
  const ended = (r: Request) => void pending.delete(r);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    inFlight: () => pending.size,
    async settle(maxMs, pollMs = 50) {
      const deadline = Date.now() + maxMs;
      while (pending.size > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, Math.min(pollMs, deadline - Date.now())));
      }
    },
    dispose() {
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}
