import type { PlaygroundEndpoint } from "./playground-body";

/**
 * "Copy as" snippets: the Playground's request for a terminal or a program, with the key read
 * from the PTD_API_KEY environment variable (never the session). Each prints the response body
 * exactly as received, so its output can be compared with what the Playground showed.
 */
export interface SnippetRequest {
  origin: string;
  endpoint: PlaygroundEndpoint;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

export type SnippetLanguage = "curl" | "typescript" | "python";

export const SNIPPET_LANGUAGES: { value: SnippetLanguage; label: string }[] = [
  { value: "curl", label: "curl" },
  { value: "typescript", label: "TypeScript" },
  { value: "python", label: "Python" },
];

const sh = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

export function curlSnippet({ origin, endpoint, body, idempotencyKey }: SnippetRequest): string {
  return [
    `curl -sS -X POST ${origin}/${endpoint}`,
    `  -H "Authorization: Bearer $PTD_API_KEY"`,
    `  -H "Content-Type: application/json"`,
    ...(idempotencyKey ? [`  -H ${sh(`Idempotency-Key: ${idempotencyKey}`)}`] : []),
    `  -d ${sh(JSON.stringify(body))}`,
  ].join(" \\\n");
}

/**
 * The typed SDK (`@page-to-data/sdk`, docs/developers.md): one method per operation; a sync call
 * resolves to the result, an async one to the token. Prints what the API answered.
 */
export function typescriptSnippet({ origin, endpoint, body, idempotencyKey }: SnippetRequest): string {
  const json = JSON.stringify(body, null, 2);
  const options = idempotencyKey ? `, { idempotencyKey: ${JSON.stringify(idempotencyKey)} }` : "";
  return [
    'import { PageToData } from "@page-to-data/sdk";',
    "",
    `const client = new PageToData({ apiKey: process.env.PTD_API_KEY, baseUrl: ${JSON.stringify(origin)} });`,
    `const answer = await client.${endpoint}(${json}${options});`,
    'const shown = answer.status === "complete" ? answer.result : { token: answer.token };',
    'process.stdout.write(typeof shown === "string" ? shown : JSON.stringify(shown));',
    "",
  ].join("\n");
}

/** Python with requests. JSON literals are valid Python once true/false/null are spelled out. */
export function pythonSnippet({ origin, endpoint, body, idempotencyKey }: SnippetRequest): string {
  const headers = [
    '    "Authorization": f"Bearer {os.environ[\'PTD_API_KEY\']}",',
    ...(idempotencyKey ? [`    "Idempotency-Key": ${JSON.stringify(idempotencyKey)},`] : []),
  ];
  return [
    "import os",
    "import sys",
    "",
    "import requests",
    "",
    "res = requests.post(",
    `    ${JSON.stringify(`${origin}/${endpoint}`)},`,
    "    headers={",
    ...headers,
    "    },",
    `    json=${pythonLiteral(body, 1)},`,
    "    timeout=120,",
    ")",
    "if not res.ok:",
    '    print(res.status_code, res.headers.get("x-result-token"), file=sys.stderr)',
    "sys.stdout.buffer.write(res.content)",
    "",
  ].join("\n");
}

/** A JSON value as a Python literal (strings through JSON escaping, which Python reads the same). */
export function pythonLiteral(value: unknown, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const end = "    ".repeat(depth);
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number" || typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return `[\n${value.map((v) => pad + pythonLiteral(v, depth + 1)).join(",\n")},\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return "{}";
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, depth + 1)}`).join(",\n")},\n${end}}`;
}

export function snippet(language: SnippetLanguage, req: SnippetRequest): string {
  if (language === "curl") return curlSnippet(req);
  if (language === "typescript") return typescriptSnippet(req);
  return pythonSnippet(req);
}
