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
