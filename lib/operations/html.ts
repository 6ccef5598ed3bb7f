import type { Operation } from "./types";

/** `html`: the rendered DOM after page options (what visitPage captured), as text. */
export const htmlOperation: Operation<string> = {
  name: "html",
  run: async (snap) => snap.html,
};
