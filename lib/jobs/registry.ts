import type { JobDefinition } from "./types";
import { singleton } from "@/lib/singleton";

/**
 * Every job kind the process knows, by name. A singleton because Next.js evaluates route bundles,
 * the instrumentation bundle and hot-reloaded modules as separate module copies: one shared map
 * means a job defined in any copy can be enqueued from any other, and a hot reload replaces the
 * handler instead of adding a second definition.
 */
function registry(): Map<string, JobDefinition<never>> {
  return singleton("jobRegistry", () => new Map<string, JobDefinition<never>>());
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/** Register a job kind. Defining the same name again replaces it (hot reload). */
export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  // One name feeds a pg-boss queue, an Inngest function id and an event name: keep it portable.
  if (!NAME.test(definition.name)) {
    throw new Error(`Job name "${definition.name}" must match ${NAME} (lower case, digits, . _ -).`);
  }
  registry().set(definition.name, definition as JobDefinition<never>);
  return definition;
}

/** The registered definitions, in registration order. */
export function jobs(): JobDefinition<never>[] {
  return [...registry().values()];
}

export function getJob(name: string): JobDefinition<never> | undefined {
  return registry().get(name);
}

/** Tests only: forget a definition so files can reuse names. */
export function forgetJob(name: string): void {
  registry().delete(name);
}
