import pg from "pg";
import { dbConfig } from "./index";
import { getPglite } from "./pglite";
import { singleton } from "@/lib/singleton";

/**
 * PostgreSQL LISTEN for this process: one connection, opened on the first `listen`, carrying every
 * channel asked for; re-opened by the next `listen` after it drops (`onDrop` handlers run then, so a
 * listener can stop trusting what it may have missed). On the embedded database, PGlite's own
 * LISTEN on its one session: a NOTIFY (a trigger's, say) reaches the process that owns it, and that
 * connection never drops.
 */
type Handler = (payload: string) => void;

interface ListenState {
  client: pg.Client;
  ready: Promise<void>;
  channels: Set<string>;
}

/** `connection.current` is the open LISTEN connection, if any (a holder, so a drop can clear it). */
const connection = singleton("db.listen", (): { current?: ListenState } => ({}));
const handlers = singleton("db.listen-handlers", () => new Map<string, Set<Handler>>());
const drops = singleton("db.listen-drops", () => new Set<() => void>());
/** Channels this process listens to on its embedded database. */
const embedded = singleton("db.listen-embedded", () => new Set<string>());

/** Calls `handler` for every NOTIFY on `channel`; resolves once listening (at once on PGlite). */
export async function listen(channel: string, handler: Handler, onDrop?: () => void): Promise<void> {
  const config = dbConfig();
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let set = handlers.get(channel);
  if (!set) handlers.set(channel, (set = new Set()));
  set.add(handler);
  if (config.kind !== "postgres") {
    if (!embedded.has(channel)) {
      embedded.add(channel);
      await getPglite(config.dataDir).listen(channel, (payload) => dispatch(channel, payload));
    }
    return;
  }
  if (onDrop) drops.add(onDrop);
  const state = (connection.current ??= open(config.url));
  await state.ready;
  if (!state.channels.has(channel)) {
    await state.client.query(`LISTEN ${channel}`);
    state.channels.add(channel);
  }
}

/** Whether this process hears `channel` now (a dropped connection is re-opened by the next `listen`). */
export function listeningTo(channel: string): boolean {
  return embedded.has(channel) || (connection.current?.channels.has(channel) ?? false);
}

function dispatch(channel: string, payload: string): void {
  for (const h of handlers.get(channel) ?? []) h(payload);
}

function open(url: string): ListenState {
  const client = new pg.Client({ connectionString: url });
  const state: ListenState = { client, channels: new Set(), ready: Promise.resolve() };
  const drop = () => {
    if (connection.current !== state) return;
    connection.current = undefined;
    client.end().catch(() => {});
    for (const d of drops) d();
  };
  client.on("notification", (m) => dispatch(m.channel, m.payload ?? ""));
  client.on("error", drop);
  client.on("end", drop);
  state.ready = client.connect().then(
    () => undefined,
    (err: Error) => {
      drop();
      throw err;
    },
  );
  return state;
}
