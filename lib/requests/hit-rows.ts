import { dbConfig, driverQuery, newRowId, Prisma } from "@/lib/db";
import { singleton } from "@/lib/singleton";

/**
 * Request rows written together (group commit). A cache hit's row must exist before its answer
 * leaves (docs/spec.md §4.2: its token is retrievable with GET /result at once, from any process), but it
 * need not have a round trip of its own: rows arriving while a write is in flight wait for the
 * next one, and each caller resumes once the write holding its row has committed. One request
 * alone is written at once, as before; under load one INSERT carries many rows.
 *
 * The INSERT is one raw statement over column arrays (`unnest`), the same text whatever the batch
 * size: Prisma's createMany compiled a new plan for every row count, which cost more CPU than the
 * rest of a cache hit together (bench/hot-path.ts). It goes through the driver (lib/db driverQuery).
 */
type Row = Prisma.RequestCreateManyInput;

interface Pending {
  row: Row;
  done: (err?: unknown) => void;
}

const state = singleton(
  "requests.hit-rows",
  (): {
    queue: Pending[];
    writing: boolean;
    unwritten: Map<string, Promise<void>>;
    /** Ends the embedded database's batch window early. */
    startNow?: () => void;
  } => ({
    queue: [],
    writing: false,
    unwritten: new Map(),
  }),
);

/** Most rows one INSERT carries. */
const MAX_BATCH = 500;

/** Resolves once `row` is committed. */
export function insertRequestRow(row: Row): Promise<void> {
  const written = new Promise<void>((resolve, reject) => {
    state.queue.push({ row, done: (err) => (err ? reject(err) : resolve()) });
    if (!state.writing) void writeQueued();
  });
  const token = row.token;
  state.unwritten.set(token, written);
  const forget = () => state.unwritten.delete(token);
  written.then(forget, forget);
  return written;
}

/**
 * Whether a row's caller may answer before the row commits: only on the embedded database, where
 * the process that writes it is the only one that can read it, and every read of a request by its
 * token first waits for `untilWritten` (./read.ts). On PostgreSQL another process may
 * be asked for the token the moment the answer leaves: the answer waits for the commit.
 */
export function mayAnswerBeforeCommit(): boolean {
  return dbConfig().kind !== "postgres";
}

/** Resolves once the row of `token`, if this process is writing one, is committed (or failed). */
export async function untilWritten(token: string): Promise<void> {
  const written = state.unwritten.get(token);
  if (!written) return;
  state.startNow?.();
  await written.catch(() => {});
}

/** Resolves once every row queued so far is committed (or failed): for reads of many requests. */
export async function untilAllWritten(): Promise<void> {
  if (!state.unwritten.size) return;
  state.startNow?.();
  await Promise.all([...state.unwritten.values()].map((w) => w.catch(() => {})));
}

/**
 * Writes what is queued, batch after batch, until nothing is. Each batch starts from a macrotask
 * (setImmediate): requests whose bytes have already arrived get to queue their rows first. An
 * embedded-database write runs synchronously once started, so starting it from the microtask of
 * the first row gave batches of one row under any load.
 */
async function writeQueued(): Promise<void> {
  state.writing = true;
  try {
    while (state.queue.length) {
      await nextBatchStart();
      const batch = state.queue.splice(0, MAX_BATCH);
      try {
        await insertRows(batch.map((p) => p.row));
        for (const p of batch) p.done();
      } catch (err) {
        for (const p of batch) p.done(err);
      }
    }
  } finally {
    state.writing = false;
  }
}

/**
 * When the next batch starts. Where callers wait for the commit (PostgreSQL), at the next
 * macrotask. Where they answer first (the embedded database), after a window, unless a read needs
 * a queued row sooner (`untilWritten` starts the batch at once). The embedded INSERT runs on this
 * process's only thread and costs ~1 ms of CPU however few its rows (a profile of 10 connections of
 * hits: a quarter of the server's CPU with 5 ms windows), so one INSERT per window of hits keeps
 * it off every hit's path.
 */
function nextBatchStart(): Promise<void> {
  if (!mayAnswerBeforeCommit()) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const timer = setTimeout(start, EMBEDDED_BATCH_WINDOW_MS);
    function start() {
      clearTimeout(timer);
      state.startNow = undefined;
      resolve();
    }
    state.startNow = start;
  });
}
const EMBEDDED_BATCH_WINDOW_MS = 25;

/** The columns a batch sets; every other column takes its default. */
const COLUMNS = {
  id: "text",
  token: "text",
  projectId: "text",
  organizationId: "text",
  operation: "text",
  url: "text",
  options: "jsonb",
  labels: "jsonb",
  reportTo: "text",
  idempotencyKey: "text",
  requestHash: "text",
  sync: "boolean",
  state: '"RequestState"',
  reserved: "integer",
  cost: "integer",
  cached: "boolean",
  cacheKey: "text",
  producedBy: "text",
  error: "text",
  errorCode: "text",
  errorStatus: "integer",
  answeredFromId: "text",
  startedAt: "timestamp(3)",
  finishedAt: "timestamp(3)",
  processingMs: "integer",
  source: '"RequestSource"',
  apiKeyId: "text",
  sentById: "text",
} as const;
type Column = keyof typeof COLUMNS;

const NAMES = Object.keys(COLUMNS) as Column[];
/** Column arrays go in as text[] where PostgreSQL would not take the JS value as it is (the enums). */
const ENUMS: readonly Column[] = ["state", "source"];
const ARRAY_TYPES = NAMES.map((c) => (ENUMS.includes(c) ? "text[]" : `${COLUMNS[c]}[]`));
const INSERT = `INSERT INTO "Request" (${NAMES.map((c) => `"${c}"`).join(", ")}) SELECT ${NAMES.map((c) =>
  ENUMS.includes(c) ? `"${c}"::${COLUMNS[c]}` : `"${c}"`,
).join(", ")} FROM unnest(${ARRAY_TYPES.map((t, i) => `$${i + 1}::${t}`).join(", ")}) AS t(${NAMES.map(
  (c) => `"${c}"`,
).join(", ")})`;

/** One column array per column, as text where PostgreSQL would not take the JS value as it is. */
function columnValue(row: Row, column: Column): string | number | boolean | null {
  if (column === "id") return row.id ?? newRowId();
  const value = (row as Record<string, unknown>)[column];
  if (value === undefined || value === null || value === Prisma.JsonNull || value === Prisma.DbNull)
    return null;
  if (value instanceof Date) return value.toISOString();
  if (COLUMNS[column] === "jsonb") return JSON.stringify(value);
  return value as string | number | boolean;
}

/**
 * Through the driver, not Prisma: Prisma's work on 25 array parameters cost more than the INSERT.
 * Without waiting for the disk: these rows are cache hits (0 credits, their answer already made),
 * and a database crash forgetting the last fraction of a second of them costs nobody anything.
 */
async function insertRows(rows: Row[]): Promise<void> {
  const columns = NAMES.map((c) => rows.map((r) => columnValue(r, c)));
  await driverQuery(INSERT, columns, { waitForDisk: false });
}
