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
type VisitSettings = Partial<Omit<VisitRequest, "url" | "organization" | "pageOptions" | "residential">>;

/**
 * One operation's implementation: `run`, typed by its record's `visit` (an operation that needs
 * the visit is a function of the one PageSnapshot, so a scrape of five operations loads the page
 * once; one that navigates on its own gets the request), and `visitSettings`, what it asks of that
 * shared visit (a screenshot's viewport). Its cache inputs are its record's (`cacheInputs`).
 */
type Implementation<V extends VisitNeed> = V extends "own-navigation"
  ? { run: OwnNavigationRunner }
  : { run: PageRunner; visitSettings?: (spec: RunSpec) => VisitSettings };

/** How each operation runs, typed against its record. Server-only (browser code), unlike the records. */
const IMPLEMENTATIONS: { [Op in OperationName]: Implementation<(typeof OPERATION_RECORDS)[Op]["visit"]> } = {
  html: { run: (snap) => plain(htmlOperation.run(snap)) },
  markdown: {
    run: (snap, spec) => plain(markdown(snap, { includeTitle: spec.markdown?.includeTitle ?? false })),
  },
  screenshot: {
    run: (snap, spec) => plain(screenshotOperation.run(snap, spec.screenshotOptions!)),
    visitSettings: (spec) => (spec.screenshotOptions ? screenshotVisitSettings(spec.screenshotOptions) : {}),
  },
  meta: { run: (snap) => plain(meta(snap)) },
  summarize: { run: (snap) => summarize(snap) },
  keywords: { run: (snap) => keywords(snap) },
  lighthouse: { run: (spec, organization) => plain(lighthouse(spec, organization)) },
  console: { run: (snap) => plain(consoleOperation.run(snap)) },
};

type PageOperation = {
  [Op in OperationName]: (typeof OPERATION_RECORDS)[Op]["visit"] extends "own-navigation" ? never : Op;
}[OperationName];
type OwnNavigationOperation = Exclude<OperationName, PageOperation>;

function navigatesOnItsOwn(op: OperationName): op is OwnNavigationOperation {
  return OPERATION_RECORDS[op].visit === "own-navigation";
}

/** What the operations ask of their one shared visit (a screenshot's viewport), merged. */
function visitSettingsFor(ops: readonly PageOperation[], spec: RunSpec): VisitSettings {
  let merged: VisitSettings = {};
  for (const op of ops) {
    const impl: Implementation<VisitNeed> = IMPLEMENTATIONS[op];
    if ("visitSettings" in impl && impl.visitSettings) merged = { ...merged, ...impl.visitSettings(spec) };
  }
  return merged;
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
  const pageOps = ops.filter((op): op is PageOperation => !navigatesOnItsOwn(op));
  const visit: VisitRequest = {
    url: spec.url,
    organization,
    pageOptions: spec.pageOptions,
    residential: spec.residential,
    loadPolicy: loadPolicyFor(ops),
    ...visitSettingsFor(pageOps, spec),
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
  if (pageOps.length)
    await visitPage(visit, async (snap) => {
      await onVisit?.(snap);
      for (const op of pageOps) await settle(op, () => IMPLEMENTATIONS[op].run(snap, spec));
    });
  for (const op of ops.filter(navigatesOnItsOwn))
    await settle(op, () => IMPLEMENTATIONS[op].run(spec, organization));
  return { results, visits: visitsFor(ops) };
}
