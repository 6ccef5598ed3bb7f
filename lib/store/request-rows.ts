import { db, type Prisma } from "@/lib/db";
import { singleton } from "@/lib/singleton";

/**
 * Request rows written together (group commit). A cache hit's row must exist before its answer
 * leaves (docs/spec.md §4.2: its token is retrievable with GET /result at once, from any process), but it
 * need not have a round trip of its own: rows arriving while a write is in flight wait for the
 * next one, and each caller resumes once the write holding its row has committed. One request
 * alone is written at once, as before; under load one INSERT carries many rows.
 */
type Row = Prisma.RequestCreateManyInput;

interface Pending {
  row: Row;
  done: (err?: unknown) => void;
}

const state = singleton("store.request-rows", (): { queue: Pending[]; writing: boolean } => ({
  queue: [],
  writing: false,
}));

/** Most rows one INSERT carries. */
const MAX_BATCH = 500;

/** Resolves once `row` is committed. */
export function insertRequestRow(row: Row): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    state.queue.push({ row, done: (err) => (err ? reject(err) : resolve()) });
    if (!state.writing) void writeQueued();
  });
}

async function writeQueued(): Promise<void> {
  state.writing = true;
  try {
    while (state.queue.length) {
      const batch = state.queue.splice(0, MAX_BATCH);
      try {
        await db().request.createMany({ data: batch.map((p) => p.row) });
        for (const p of batch) p.done();
      } catch (err) {
        for (const p of batch) p.done(err);
      }
    }
  } finally {
    state.writing = false;
  }
}
