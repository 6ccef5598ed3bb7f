import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers of lib/, bottom to top (docs/decisions.md, "Layers"). A module imports only from its
 * own layer or below; `npm run lint:circles` (dpdm) checks that nothing imports in a circle.
 *
 * 0. Foundation. At its very bottom lib/config (issue 28: every environment variable, parsed once),
 *    which imports nothing of ours and which every module may read. Then, importing nothing of ours
 *    but the configuration: lib/net (egress guard), lib/failures.ts (the domain's
 *    failure codes and sentences), lib/errors.ts (the one error table: every client error the API
 *    answers with, built on lib/failures; thrown by auth, billing and the request's life alike),
 *    lib/singleton.ts, lib/stage-timings.ts (the bench's opt-in per-stage clock, any layer may time
 *    a stage), lib/schemas (request shapes, RunSpec).
 * 1. Infrastructure: lib/db, lib/jobs (runs whatever is registered; knows no job), lib/limits,
 *    lib/email, lib/security, lib/store (the cache, stored results, request keys).
 * 2. The engine: lib/page (browser, visits) → lib/ai, lib/lighthouse → lib/operations.
 * 3. Services: lib/billing, lib/auth, lib/webhooks.
 * 4. lib/requests: a request's life, the one writer of `Request` rows (accept, start, complete,
 *    read, retention; docs/decisions.md "A request's life").
 * 5. lib/runner: runs a request's job (started and completed through lib/requests); lib/crawl:
 *    crawl, map and batch (their frontier, discovery and page jobs), on top of the runner;
 *    lib/admin (organizations, keys, the admin endpoint).
 * 6. Surfaces: lib/api (HTTP only: withApiKey, parsing, answering), lib/openapi, lib/mcp,
 *    lib/dashboard. The SDK and the CLI are packages of their own (packages/sdk imports nothing of ours; packages/cli bundles
 *    lib/schemas and lib/mcp by relative path, see the rules at the end).
 * 7. The composition root, lib/server: boot.ts registers every job (job-catalog.ts) and starts the
 *    process; lower layers may call ensureBooted() and read server/peer-address.ts, nothing else.
 * 8. Entry points: app/, components/, inngest/, instrumentation.ts, proxy.ts.
 *
 * Each entry lists what a folder may import of ours besides itself (as `@/…` paths); anything else
 * of ours is an error, static `import`/`export … from` and dynamic `import()` alike.
 */
const FOUNDATION = [
  "lib/config",
  "lib/net",
  "lib/failures",
  "lib/errors",
  "lib/singleton",
  "lib/stage-timings",
  "lib/schemas",
];
const INFRASTRUCTURE = [
  ...FOUNDATION,
  "lib/db",
  "lib/generated",
  "lib/jobs",
  "lib/limits",
  "lib/email",
  "lib/security",
  "lib/store",
];
const ENGINE = [...INFRASTRUCTURE, "lib/page", "lib/ai", "lib/lighthouse", "lib/operations"];
const SERVICES = [...ENGINE, "lib/billing", "lib/auth", "lib/webhooks"];
const ENTRY_HOOKS = ["lib/server/boot", "lib/server/peer-address"];
const BELOW_SURFACES = [...SERVICES, "lib/requests", "lib/runner", "lib/crawl", "lib/admin", ...ENTRY_HOOKS];

const LAYERS = [
  { files: ["lib/config/**"], allow: [] },
  { files: ["lib/net/**"], allow: ["lib/config"] },
  { files: ["lib/failures.ts", "lib/singleton.ts", "lib/stage-timings.ts"], allow: ["lib/config"] },
  { files: ["lib/errors.ts"], allow: ["lib/config", "lib/failures"] },
  // The price list is data the schemas' descriptions print (lib/billing/prices.ts imports only lib/schemas).
  { files: ["lib/schemas/**"], allow: ["lib/config", "lib/failures", "lib/billing/prices"] },
  { files: ["lib/db/**"], allow: ["lib/config", "lib/generated", "lib/singleton"] },
  { files: ["lib/jobs/**"], allow: ["lib/config", "lib/db", "lib/singleton", "inngest/client"] },
  { files: ["lib/limits/**"], allow: ["lib/config", "lib/db", "lib/generated", "lib/singleton"] },
  { files: ["lib/email/**"], allow: ["lib/config", "lib/db", "lib/generated", "lib/singleton"] },
  { files: ["lib/security/**"], allow: FOUNDATION },
  { files: ["lib/store/**"], allow: [...FOUNDATION, "lib/db", "lib/generated"] },
  { files: ["lib/page/**"], allow: [...FOUNDATION, "lib/db", "lib/generated"] },
  { files: ["lib/ai/**"], allow: [...FOUNDATION, "lib/page"] },
  { files: ["lib/lighthouse/**"], allow: [...FOUNDATION, "lib/page"] },
  { files: ["lib/operations/**"], allow: [...FOUNDATION, "lib/page", "lib/ai", "lib/lighthouse"] },
  { files: ["lib/billing/**"], allow: INFRASTRUCTURE },
  { files: ["lib/auth/**"], allow: [...INFRASTRUCTURE, ...ENTRY_HOOKS] },
  { files: ["lib/webhooks/**"], allow: INFRASTRUCTURE },
  // A request's life (issue 28): the one folder that writes `Request` rows.
  { files: ["lib/requests/**"], allow: SERVICES },
  { files: ["lib/runner/**"], allow: [...ENGINE, "lib/billing", "lib/webhooks", "lib/requests"] },
  // Crawl, map and batch: pages run through the runner's visit and operations (issue 24).
  {
    files: ["lib/crawl/**"],
    allow: [...ENGINE, "lib/billing", "lib/webhooks", "lib/requests", "lib/runner"],
  },
  {
    files: ["lib/admin/**"],
    allow: [...INFRASTRUCTURE, "lib/auth", "lib/billing", "lib/webhooks", "lib/requests"],
  },
  // HTTP only: it hands a request to lib/requests and answers; it never reaches the job (issue 28).
  { files: ["lib/api/**"], allow: BELOW_SURFACES.filter((layer) => layer !== "lib/runner") },
  { files: ["lib/openapi/**"], allow: [...BELOW_SURFACES, "lib/api"] },
  { files: ["lib/mcp/**"], allow: [...BELOW_SURFACES, "lib/api"] },
  { files: ["lib/dashboard/**"], allow: [...BELOW_SURFACES, "lib/api", "lib/openapi"] },
  {
    files: ["lib/server/**"],
    allow: [...BELOW_SURFACES, "lib/api", "lib/openapi", "lib/mcp", "lib/dashboard"],
  },
  { files: ["inngest/**"], allow: ["lib/jobs", "lib/server/job-catalog"] },
  // UI code renders what the dashboard's server code reads; it never reaches the request machinery.
  {
    files: ["components/**"],
    allow: [...SERVICES, "lib/admin", "lib/dashboard", "lib/openapi"].filter(
      (layer) => !["lib/db", "lib/generated", "lib/jobs", "lib/store"].includes(layer),
    ),
  },
];

/** A regex source matching `@/…` specifiers outside `allow` (and outside the folder itself). */
function outside(allow) {
  const ok = allow.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return ok ? `^@/(?!(${ok})(/|$))` : "^@/";
}

function layerRules({ files, allow }) {
  const own = [...new Set(files.map((f) => f.replace(/\/\*\*$/, "").replace(/\.ts$/, "")))];
  const pattern = outside([...own, ...allow]);
  const message = `Layering (eslint.config.mjs, docs/decisions.md "Layers"): ${files.join(", ")} may import ${
    allow.length ? `only ${allow.join(", ")}` : "nothing of ours"
  }.`;
  const rules = (patterns) => ({
    "no-restricted-imports": ["error", { patterns: patterns.map((regex) => ({ regex, message })) }],
    "no-restricted-syntax": [
      "error",
      ...patterns.map((regex) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll("/", "\\u002F")}/]`,
        message,
      })),
    ],
  });
  const folders = files.filter((f) => f.startsWith("lib/") && f.endsWith("/**"));
  if (folders.length !== files.length) return [{ files, rules: rules([pattern]) }];
  // Modules the SDK and CLI bundles share import each other by relative path (no `@/` alias
  // there): a file directly in lib/X reaches lib/Y as `../Y`, so check those specifiers too.
  const names = [...own, ...allow].filter((a) => a.startsWith("lib/")).map((a) => a.slice(4));
  const relative = `^\\.\\./(?!(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(/|$))`;
  return [
    { files: folders.map((f) => f.replace(/\*\*$/, "*.{ts,tsx}")), rules: rules([pattern, relative]) },
    { files: folders.map((f) => f.replace(/\*\*$/, "*/**")), rules: rules([pattern]) },
  ];
}

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      "lib/generated/**",
      ".next/**",
      ".tools/**",
      "data/**",
      "node_modules/**",
      "dist/**",
      "packages/*/dist/**",
      "packages/python/**",
      ".snippets-*/**",
    ],
  },
  {
    rules: {
      // `any` at boundaries is a defect; inside, unknown + narrowing is the rule.
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...LAYERS.flatMap(layerRules),
  // The published packages: the SDK ships alone (nothing of ours, no npm package: zero
  // dependencies); the CLI reaches the repository only for what its bundle takes in.
  {
    files: ["packages/sdk/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/|\\.\\./\\.\\./)|^(?!node:|\\.)",
              message: "packages/sdk has no dependencies: only its own files and node: built-ins.",
            },
          ],
        },
      ],
    },
  },
  // The main-content extractor and the Markdown writer are bundled for the page too
  // (scripts/build-in-page.mjs): only their own folder. They read the live page's `document`.
  {
    files: ["lib/operations/main-content-in-page/**", "lib/operations/markdown-in-page/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\./|\\.\\./in-page-shared/)",
              message: "This folder runs in the page: it imports only its own files and in-page-shared/.",
            },
          ],
        },
      ],
    },
  },
  // meta's in-page rules are bundled for the page (scripts/build-in-page.mjs): only their own
  // folder and the readers shared with the extractor (nothing of Node's), and the document they
  // read is the one they are given (the page's or its no-script version), never the global.
  {
    files: ["lib/operations/meta-in-page/**", "lib/operations/in-page-shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\./|\\.\\./in-page-shared/)",
              message:
                "lib/operations/meta-in-page runs in the page: it imports only its own files and in-page-shared/.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        {
          name: "document",
          message: "Read the context's `doc` (the page's document or its no-script version).",
        },
        { name: "window", message: "The page's window is not the rules' business." },
      ],
    },
  },
  {
    files: ["packages/cli/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/|^\\.\\./\\.\\./\\.\\./(?!lib/(schemas|mcp)/)",
              message:
                "packages/cli bundles only lib/schemas and lib/mcp of the repository (by relative path).",
            },
          ],
        },
      ],
    },
  },
];

export default config;
