/**
 * The console result (spec 2.6 ConsoleEntry): errors, warnings and uncaught exceptions (including
 * unhandled rejections, which Chromium reports as page errors), in the order they happened. Both
 * come from the Runtime domain of the same CDP session, so event order is page order.
 */
import type { ConsoleMessage, Page } from "playwright-core";
import type { ConsoleEntry } from "./types";

/** A runaway page can log millions of lines; the result stays bounded. */
export const MAX_CONSOLE_ENTRIES = 1000;
export const MAX_CONSOLE_TEXT = 10_000;

/**
 * Installed in every frame before page scripts run (context.addInitScript): console calls carry
 * string arguments of at most MAX_CONSOLE_TEXT characters, and only the first few thousand calls
 * reach DevTools at all. Without it, `console.error(hugeString)` ships the whole string to Node
 * in the CDP event before any clipping on our side could happen. Best effort against a hostile
 * page (a fresh realm has an unwrapped console); the Node-side limits below stay in force.
 */
export const CONSOLE_LIMITS_JS = `(() => {
  const MAX_TEXT = ${MAX_CONSOLE_TEXT}, MAX_CALLS = ${MAX_CONSOLE_ENTRIES * 4};
  let calls = 0;
  const clip = (a) => (typeof a === "string" && a.length > MAX_TEXT ? a.slice(0, MAX_TEXT) + "…" : a);
  for (const name of ["error", "warn", "log", "info", "debug", "trace", "dir", "dirxml", "table", "assert", "count", "timeLog", "group", "groupCollapsed"]) {
    const original = console[name];
    if (typeof original !== "function") continue;
    const wrapped = { [name](...args) {
      if (++calls > MAX_CALLS) return;
      return original.apply(console, args.map(clip));
    } }[name];
    Object.defineProperty(console, name, { value: wrapped, writable: false, configurable: false });
  }
  // Uncaught exceptions carry their whole message to DevTools too. A cancelled error event is not
  // reported; the same failure is thrown again with its message clipped (still an exception).
  const tooLong = (v) => { try { return String(v).length > MAX_TEXT; } catch (e) { return true; } };
  const clipped = new WeakSet();
  const rethrowClipped = (text) => {
    const err = new Error(String(text).slice(0, MAX_TEXT) + "…");
    clipped.add(err);
    setTimeout(() => { throw err; });
  };
  addEventListener("error", (e) => {
    if (e.error && clipped.has(e.error)) return;
    if (!tooLong(e.message) && !tooLong(e.error && e.error.stack)) return;
    e.preventDefault();
    rethrowClipped(e.error && e.error.message !== undefined ? e.error.message : e.message);
  }, true);
  addEventListener("unhandledrejection", (e) => {
    const r = e.reason;
    if (!tooLong(r && r.stack) && !tooLong(r && r.message !== undefined ? r.message : r)) return;
    e.preventDefault();
    rethrowClipped(r && r.message !== undefined ? r.message : r);
  }, true);
})();`;

function clip(text: string): string {
  return text.length > MAX_CONSOLE_TEXT ? `${text.slice(0, MAX_CONSOLE_TEXT)}…` : text;
}

/** Start collecting into the returned array (it keeps filling while the page lives). */
export function captureConsole(page: Page): ConsoleEntry[] {
  const entries: ConsoleEntry[] = [];
  const push = (entry: ConsoleEntry) => {
    if (entries.length < MAX_CONSOLE_ENTRIES) entries.push(entry);
  };
  page.on("console", (msg: ConsoleMessage) => {
    // Chromium fetches /favicon.ico on its own; its 404 is not the page's doing.
    if (msg.location().url.endsWith("/favicon.ico")) return;
    const type = msg.type();
    if (type === "error") push({ type: "error", text: clip(msg.text()) });
    else if (type === "warning") push({ type: "warning", text: clip(msg.text()) });
  });
  page.on("pageerror", (err: Error) => {
    // "TypeError: x is not a function", as DevTools shows it; a thrown non-Error has no useful name.
    const text =
      err.name && err.name !== "Error" ? `${err.name}: ${err.message}` : err.message || String(err);
    push({ type: "exception", text: clip(text) });
  });
  return entries;
}
