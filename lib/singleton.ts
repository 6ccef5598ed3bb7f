/**
 * Process-wide state, one per key. Next.js evaluates route bundles, the instrumentation bundle and
 * hot-reloaded modules as separate module copies, so a module-level `const` would exist once per
 * copy: a second database client, browser or job driver. Values kept here live on `globalThis`,
 * which every copy in the process shares.
 *
 * Each key belongs to one module, which alone decides its type.
 */
const SINGLETONS = Symbol.for("page-to-data.singletons");

function store(): Map<string, unknown> {
  const g = globalThis as typeof globalThis & { [SINGLETONS]?: Map<string, unknown> };
  g[SINGLETONS] ??= new Map();
  return g[SINGLETONS];
}

/** The value kept under `key`, created by `create()` the first time any module copy asks. */
export function singleton<T>(key: string, create: () => T): T {
  const values = store();
  if (!values.has(key)) values.set(key, create());
  return values.get(key) as T;
}

/**
 * Forgets the value under `key` and returns it (to close it), so the next `singleton(key, …)`
 * creates a fresh one: for shutdown, and for a start that failed and may be retried.
 */
export function dropSingleton<T>(key: string): T | undefined {
  const values = store();
  const value = values.get(key) as T | undefined;
  values.delete(key);
  return value;
}
