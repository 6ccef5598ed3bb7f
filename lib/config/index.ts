/**
 * The service's configuration: every environment variable it reads (variables.ts), parsed and
 * checked once, at start (instrumentation.ts exits with a message naming each bad variable), and
 * handed to every other module as typed values. Nothing else under lib/, app/, components/ or
 * inngest/ reads `process.env`.
 *
 * The bottom layer: imports nothing of ours, so every layer may read it (eslint.config.mjs).
 */
import { z } from "zod";
import { VARIABLES, type VariableName } from "./variables";

export { VARIABLES, type VariableName } from "./variables";
export {
  parseDatabaseUrl,
  parseResidentialExits,
  parseTestHosts,
  type DatabaseConfig,
  type ResidentialExit,
  type TestHostsConfig,
} from "./structured";

type Variables = typeof VARIABLES;

/** The parsed configuration, one typed value per variable, under the variable's own name. */
export type Config = Readonly<{ [K in VariableName]: z.output<Variables[K]["schema"]> }>;

/** An environment to read: process.env, or a test's own. */
export type Env = Readonly<Record<string, string | undefined>>;

const SCHEMA = z.object(
  Object.fromEntries(Object.entries(VARIABLES).map(([name, v]) => [name, v.schema])) as {
    [K in VariableName]: Variables[K]["schema"];
  },
);

export interface ConfigProblem {
  variable: string;
  message: string;
}

/** One or more variables are wrong; `message` names each with why. */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly problems: ConfigProblem[]) {
    super(
      `Invalid configuration (${problems.length} variable${problems.length === 1 ? "" : "s"}):\n` +
        problems.map((p) => `  ${p.variable} ${p.message}`).join("\n"),
    );
  }
}

/** Parses `env` (only the variables the table lists; anything else is ignored). Throws ConfigError. */
export function parseConfig(env: Env): Config {
  const raw: Record<string, string | undefined> = {};
  for (const name of Object.keys(VARIABLES)) raw[name] = env[name];
  const parsed = SCHEMA.safeParse(raw);
  if (parsed.success) return parsed.data as Config;
  throw new ConfigError(
    parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
  );
}

// One parsed configuration per process, whichever Next.js bundle asks (as lib/singleton.ts does,
// which this module may not import: it sits below everything).
const KEY = Symbol.for("page-to-data.config");
type Holder = typeof globalThis & { [KEY]?: Config };

/** The process's configuration, parsed from process.env on first use. Throws ConfigError. */
export function config(): Config {
  const g = globalThis as Holder;
  return (g[KEY] ??= parseConfig(process.env));
}

/**
 * Parses the environment again (tests that change process.env between cases, or pass their own).
 * Values a module already took at its start (a pool's size, a limiter's rule) stay as they were.
 */
export function reloadConfig(env: Env = process.env): Config {
  const g = globalThis as Holder;
  delete g[KEY];
  const next = parseConfig(env);
  g[KEY] = next;
  return next;
}
