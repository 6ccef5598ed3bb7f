import { OperationFailure } from "@/lib/failures";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { visitPage } from "@/lib/page/visit";
import type { LoadPolicy, PageSnapshot, VisitRequest } from "@/lib/page/types";
import { OPERATION_RECORDS, visitsFor, type OperationName, type VisitNeed } from "@/lib/schemas/operations";
import type { ProducedBy } from "@/lib/ai/types";
import { consoleOperation } from "./console";
import { htmlOperation } from "./html";
import { keywords } from "./keywords";
import { lighthouse } from "./lighthouse";
import { markdown } from "./markdown";
import { meta } from "./meta";
import { screenshotOperation, screenshotVisitSettings } from "./screenshot";
import { summarize } from "./summarize";

/** A result, and for an operation whose record `reportsProducer`, which method produced it. */
type Produced = { value: unknown; producedBy?: ProducedBy };
const plain = async (value: Promise<unknown>): Promise<Produced> => ({ value: await value });

type PageRunner = (snap: PageSnapshot, spec: RunSpec) => Promise<Produced>;
type OwnNavigationRunner = (spec: RunSpec, organization: string) => Promise<Produced>;
type RunnerFor<V extends VisitNeed> = V extends "own-navigation" ? OwnNavigationRunner : PageRunner;

/**
 * How each operation runs, typed against its record: an operation whose record says it needs the
 * visit is a function of the one PageSnapshot (a scrape of five operations loads the page once);
 * one that navigates on its own gets the request instead. Server-only (browser code), unlike the
 * records themselves.
 */
const IMPLEMENTATIONS: { [Op in OperationName]: RunnerFor<(typeof OPERATION_RECORDS)[Op]["visit"]> } = {
  html: (snap) => plain(htmlOperation.run(snap)),
  markdown: (snap, spec) => plain(markdown(snap, { includeTitle: spec.markdown?.includeTitle ?? false })),
  screenshot: (snap, spec) => plain(screenshotOperation.run(snap, spec.screenshotOptions!)),
  meta: (snap) => plain(meta(snap)),
  summarize: (snap) => summarize(snap),
  keywords: (snap) => keywords(snap),
  lighthouse: (spec, organization) => plain(lighthouse(spec, organization)),
  console: (snap) => plain(consoleOperation.run(snap)),
};

type PageOperation = {
  [Op in OperationName]: (typeof OPERATION_RECORDS)[Op]["visit"] extends "own-navigation" ? never : Op;
}[OperationName];
type OwnNavigationOperation = Exclude<OperationName, PageOperation>;

function navigatesOnItsOwn(op: OperationName): op is OwnNavigationOperation {
  return OPERATION_RECORDS[op].visit === "own-navigation";
}

/** Only what is drawn or logged needs every subresource and `load`; the rest reads the DOM. */
export function loadPolicyFor(ops: readonly OperationName[]): LoadPolicy {
  return ops.some((op) => OPERATION_RECORDS[op].visit === "full") ? "full" : "text";
}

/** `producedBy` says which method answered an AI operation: "builtin" or "llm:<model>". */
export type OperationOutcome =
  { ok: true; value: unknown; producedBy?: string } | { ok: false; failure: OperationFailure };

export async function runOperations(
  spec: RunSpec,
  ops: readonly OperationName[],
  /** Whose request this is: the visit runs in that organization's own browser context. */
  organization: string,
  /** Reads the live page before the operations run (a crawl reads its links here). */
  onVisit?: (snap: PageSnapshot) => Promise<void>,
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
  // An operation that navigates on its own needs no visit at all when it runs alone.
  const settle = async (op: OperationName, run: () => Promise<Produced>) => {
    try {
      const { value, producedBy } = await run();
      results.set(op, { ok: true, value, ...(producedBy && { producedBy }) });
    } catch (err) {
      if (!(err instanceof OperationFailure)) throw err;
      results.set(op, { ok: false, failure: err });
    }
  };
  const pageOps = ops.filter((op): op is PageOperation => !navigatesOnItsOwn(op));
  if (pageOps.length)
    await visitPage(visit, async (snap) => {
      await onVisit?.(snap);
      for (const op of pageOps) await settle(op, () => IMPLEMENTATIONS[op](snap, spec));
    });
  for (const op of ops.filter(navigatesOnItsOwn))
    await settle(op, () => IMPLEMENTATIONS[op](spec, organization));
  return { results, visits: visitsFor(ops) };
}
