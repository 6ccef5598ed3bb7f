import type { ConsoleEntry } from "@/lib/page/types";
import type { Operation } from "./types";

/** `console`: errors, warnings and uncaught exceptions of the visit, in order (spec 2.6). */
export const consoleOperation: Operation<ConsoleEntry[]> = {
  name: "console",
  // A copy: the page may still be logging while the result is stored.
  run: async (snap) => snap.console.map((e) => ({ type: e.type, text: e.text })),
};
