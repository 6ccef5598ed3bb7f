/**
 * The document with every local `$ref` replaced by what it points to, for readers that walk
 * schemas by hand (the /docs page). The schemas have no cycles, so this terminates.
 */
export function inlineRefs<T>(doc: T): T {
  const resolve = (ref: string): unknown =>
    ref
      .replace(/^#\//, "")
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === "string" && record.$ref.startsWith("#/")) {
      const { $ref, ...siblings } = record;
      return { ...(walk(resolve($ref)) as object), ...(walk(siblings) as object) };
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc) as T;
}
