import { OperationFailure } from "@/lib/api/errors";
import type { RunSpec } from "@/lib/api/run-spec";
import { visitPage } from "@/lib/page/visit";
import type { LoadPolicy, PageSnapshot, VisitRequest } from "@/lib/page/types";
import type { OperationName } from "@/lib/schemas/options";
import { visitsFor } from "@/lib/billing/prices";
import { consoleOperation } from "./console";
import { htmlOperation } from "./html";
import { keywords } from "./keywords";
import { lighthouse } from "./lighthouse";
import { markdown } from "./markdown";
import { meta } from "./meta";
import { screenshotOperation, screenshotVisitSettings } from "./screenshot";
import { summarize } from "./summarize";
import { producedBy } from "@/lib/ai/produced-by";

/**
 * Runs a request's operations from ONE visit of the page: every operation is a function of the
 * same PageSnapshot, so a scrape of five operations loads the page once. Lighthouse is the
 * exception: it navigates on its own browser, after the visit.
 */
type PageRunner = (snap: PageSnapshot, spec: RunSpec) => Promise<unknown>;

const PAGE_OPERATIONS: Record<Exclude<OperationName, "lighthouse">, PageRunner> = {
  html: (snap) => htmlOperation.run(snap),
  console: (snap) => consoleOperation.run(snap),
  markdown: (snap, spec) => markdown(snap, { includeTitle: spec.markdown?.includeTitle ?? false }),
  meta: (snap) => meta(snap),
  screenshot: (snap, spec) => screenshotOperation.run(snap, spec.screenshotOptions!),
  summarize: (snap) => summarize(snap),
  keywords: (snap) => keywords(snap),
};

/** Only what is drawn or logged needs every subresource and `load`; the rest reads the DOM. */
const FULL_LOAD_OPERATIONS: ReadonlySet<OperationName> = new Set(["screenshot", "console"]);

export function loadPolicyFor(ops: readonly OperationName[]): LoadPolicy {
  return ops.some((op) => FULL_LOAD_OPERATIONS.has(op)) ? "full" : "text";
}

/** `producedBy` says which method answered an AI operation: "builtin" or "llm:<model>". */
export type OperationOutcome =
  { ok: true; value: unknown; producedBy?: string } | { ok: false; failure: OperationFailure };

export async function runOperations(
  spec: RunSpec,
  ops: readonly OperationName[],
  /** Whose request this is: the visit runs in that organization's own browser context. */
  organization: string,
): Promise<{ results: Map<OperationName, OperationOutcome>; visits: number }> {
  const results = new Map<OperationName, OperationOutcome>();
  if (!ops.length) return { results, visits: 0 };
  const visit: VisitRequest = {
    url: spec.url,
    organization,
    pageOptions: spec.pageOptions,
    residential: spec.residential,
    loadPolicy: loadPolicyFor(ops),
    ...(spec.screenshotOptions && ops.includes("screenshot")
      ? screenshotVisitSettings(spec.screenshotOptions)
      : {}),
  };
  // Operation-level failures (a screenshot selector that matches nothing) are that operation's
  // result; a failure to load the page is thrown, so host politeness can retry the visit.
  // Lighthouse navigates on its own browser: no visit at all when it is the only operation.
  const pageOps = ops.filter((op): op is Exclude<OperationName, "lighthouse"> => op !== "lighthouse");
  if (pageOps.length)
    await visitPage(visit, async (snap) => {
      for (const op of pageOps) {
        try {
          const value = await PAGE_OPERATIONS[op](snap, spec);
          const by = op === "summarize" || op === "keywords" ? producedBy(snap, op) : undefined;
          results.set(op, { ok: true, value, ...(by && { producedBy: by }) });
        } catch (err) {
          if (!(err instanceof OperationFailure)) throw err;
          results.set(op, { ok: false, failure: err });
        }
      }
    });
  if (ops.includes("lighthouse")) {
    try {
      results.set("lighthouse", { ok: true, value: await lighthouse(spec, organization) });
    } catch (err) {
      if (!(err instanceof OperationFailure)) throw err;
      results.set("lighthouse", { ok: false, failure: err });
    }
  }
  return { results, visits: visitsFor(ops) };
}
