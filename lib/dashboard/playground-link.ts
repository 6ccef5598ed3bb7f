import { ENDPOINTS, OPERATIONS, type Endpoint, type OperationName } from "@/lib/schemas/operations";
import { DEFAULT_FORM, fieldApplies, type OptionField, type PlaygroundForm } from "./playground-body";

/**
 * Deep links to a prepared Playground request (issue 26 §8):
 * `/playground?op=scrape&url=https://example.com/&operations=markdown,meta&sync=false&page_options.delay=500`.
 * `op`, `url`, `sync`, `operations` and `idempotency_key` set the form's own inputs; every option
 * field is its form id (`max_age`, `labels`, `screenshot_options.format` …) with the text typed in
 * that field (a list one item per line, labels `key=value` per line). Read leniently: an unknown
 * parameter or value is ignored, so an old or hand-edited link still opens the Playground.
 */
type Query = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The form a link asks for; null when the link asks for nothing (the Playground's own default). */
export function formFromQuery(query: Query, fields: OptionField[]): PlaygroundForm | null {
  const op = first(query.op);
  const endpoint = (ENDPOINTS as readonly string[]).includes(op ?? "") ? (op as Endpoint) : undefined;
  const url = first(query.url);
  const sync = first(query.sync);
  const operations = first(query.operations)
    ?.split(",")
    .map((s) => s.trim())
    .filter((s): s is OperationName => (OPERATIONS as readonly string[]).includes(s));
  const values: Record<string, string> = {};
  for (const f of fields) {
    const v = first(query[f.id]);
    if (v !== undefined && v !== "") values[f.id] = v.slice(0, 20_000);
  }
  const idempotencyKey = first(query.idempotency_key);
  if (!endpoint && url === undefined && !Object.keys(values).length) return null;
  return {
    endpoint: endpoint ?? DEFAULT_FORM.endpoint,
    url: url?.slice(0, 4000) ?? DEFAULT_FORM.url,
    sync: sync === undefined ? DEFAULT_FORM.sync : sync === "true" || sync === "1",
    scrapeOperations: operations?.length
      ? OPERATIONS.filter((o) => operations.includes(o))
      : DEFAULT_FORM.scrapeOperations,
    values,
    idempotencyKey: idempotencyKey?.slice(0, 255) ?? "",
  };
}

/** The path and query of a link that opens the Playground with `form` filled in. */
export function linkFor(form: PlaygroundForm, fields: OptionField[], projectId?: string): string {
  const q = new URLSearchParams();
  if (projectId) q.set("project", projectId);
  q.set("op", form.endpoint);
  q.set("url", form.url.trim());
  q.set("sync", String(form.sync));
  if (form.endpoint === "scrape") q.set("operations", form.scrapeOperations.join(","));
  for (const f of fields) {
    const raw = form.values[f.id];
    if (raw && fieldApplies(f, form)) q.set(f.id, raw);
  }
  if (form.idempotencyKey.trim()) q.set("idempotency_key", form.idempotencyKey.trim());
  return `/playground?${q}`;
}
