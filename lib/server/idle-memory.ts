import inspector from "node:inspector/promises";
import { performance } from "node:perf_hooks";
import { getBrowserPool } from "@/lib/page/browser-pool";
import { singleton } from "@/lib/singleton";

/**
 * Hands memory back to the machine when the server goes quiet (issue 27 point 7).
 *
 * After a burst of work V8 keeps the heap space the burst used: the soak (docs/benchmarks.md)
 * found the idle server 35–45 % above its starting RSS, and within 3 % of it after one full
 * garbage collection. V8's own memory reducer rarely runs a full collection on a process that
 * mostly waits on Chromium, so the server asks for one itself, once per quiet spell: after work
 * (pages served, or the event loop busy) and then CHECKS_QUIET checks in a row with no page
 * served, none running or queued and an idle event loop. A full collection of a ~150 MB heap
 * takes a few tens of milliseconds, paid while nothing waits.
 *
 * The collection is the inspector's `HeapProfiler.collectGarbage` on an in-process session (no
 * port is opened): V8's low-memory collection, which compacts and unmaps the freed pages. A plain
 * `gc()` (the first version) collects but keeps the pages mapped, so RSS did not fall (the soak
 * measured the idle server at +42 % with it, and +2 % after the inspector's collection).
 */
const CHECK_EVERY_MS = 3_000;
const CHECKS_QUIET = 2;
/** Event-loop utilization above this in a check's window counts as work (cache hits, dashboards). */
const BUSY_LOOP = 0.05;

export function startIdleMemoryRelease(): void {
  singleton("idleMemoryRelease", () => {
    const session = new inspector.Session();
    session.connect();
    let collecting = false;
    let loop = performance.eventLoopUtilization();
    let served = getBrowserPool().stats().pagesServed;
    let workSinceGc = false;
    let quiet = 0;
    const timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      const busyLoop = performance.eventLoopUtilization(now, loop).utilization > BUSY_LOOP;
      loop = now;
      const pool = getBrowserPool().stats();
      const busyPool = pool.pagesServed !== served || pool.running > 0 || pool.queued > 0;
      served = pool.pagesServed;
      if (busyLoop || busyPool) {
        workSinceGc = true;
        quiet = 0;
        return;
      }
      if (collecting || !workSinceGc || ++quiet < CHECKS_QUIET) return;
      collecting = true;
      workSinceGc = false;
      quiet = 0;
      const before = process.memoryUsage.rss();
      void session
        .post("HeapProfiler.collectGarbage")
        // One line per quiet spell, so an operator (and the soak) can see memory handed back.
        .then(() =>
          console.info(
            `[page-to-data] idle: memory released, RSS ${mb(before)} → ${mb(process.memoryUsage.rss())} MB`,
          ),
        )
        .catch(() => undefined) // a failed collection only leaves memory where it was
        .finally(() => {
          collecting = false;
          loop = performance.eventLoopUtilization(); // the collection itself is not work
        });
    }, CHECK_EVERY_MS);
    timer.unref();
    return timer;
  });
}

function mb(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}
