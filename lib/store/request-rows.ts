import crypto from "node:crypto";
import { db, dbConfig, Prisma } from "@/lib/db";
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
 * rest of a cache hit together (bench/hot-path.ts).
 */
type Row = Prisma.RequestCreateManyInput;

interface Pending {
  row: Row;
  done: (err?: unknown) => void;
}

const state = singleton(
  "store.request-rows",
  (): { queue: Pending[]; writing: boolean; unwritten: Map<string, Promise<void>> } => ({
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
 * token first waits for `untilWritten` (lib/store/results.ts). On PostgreSQL another process may
 * be asked for the token the moment the answer leaves: the answer waits for the commit.
 */
export function mayAnswerBeforeCommit(): boolean {
  return dbConfig().kind !== "postgres";
}

/** Resolves once the row of `token`, if this process is writing one, is committed (or failed). */
export async function untilWritten(token: string): Promise<void> {
  await state.unwritten.get(token)?.catch(() => {});
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
      await new Promise<void>((resolve) => setImmediate(resolve));
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
} as const;
type Column = keyof typeof COLUMNS;

const NAMES = Object.keys(COLUMNS) as Column[];
const INSERT_HEAD = `INSERT INTO "Request" (${NAMES.map((c) => `"${c}"`).join(", ")}) SELECT ${NAMES.map(
  (c) => `${c === "state" ? `"${c}"::"RequestState"` : `"${c}"`}`,
).join(", ")} FROM unnest(`;
const INSERT_TAIL = `) AS t(${NAMES.map((c) => `"${c}"`).join(", ")})`;

/** One column array per column, as text where PostgreSQL would not take the JS value as it is. */
function columnValue(row: Row, column: Column): string | number | boolean | null {
  if (column === "id") return row.id ?? newId();
  const value = (row as Record<string, unknown>)[column];
  if (value === undefined || value === null || value === Prisma.JsonNull || value === Prisma.DbNull)
    return null;
  if (value instanceof Date) return value.toISOString();
  if (COLUMNS[column] === "jsonb") return JSON.stringify(value);
  return value as string | number | boolean;
}

async function insertRows(rows: Row[]): Promise<void> {
  const arrays = NAMES.map((c) => rows.map((r) => columnValue(r, c)));
  const casts = NAMES.map((c) => (c === "state" ? "text[]" : `${COLUMNS[c]}[]`));
  const params = arrays.map((values, i) => Prisma.sql`${values}::${Prisma.raw(casts[i])}`);
  await db().$executeRaw(
    Prisma.sql`${Prisma.raw(INSERT_HEAD)}${Prisma.join(params)}${Prisma.raw(INSERT_TAIL)}`,
  );
}

/** A new row id in cuid's shape (a "c" and 24 base-36 characters), as Prisma's default would give. */
function newId(): string {
  const n = BigInt(`0x${crypto.randomBytes(16).toString("hex")}`);
  return `c${n.toString(36).padStart(25, "0").slice(-24)}`;
}
