import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a paid OpenAI-compatible API (the network edge of an outside service) on
 * 127.0.0.1. Each test sets `reply`; every request is recorded for assertions on its shape.
 */
export interface FakeReply {
  status?: number;
  /** Raw body; when absent, a chat completion with `content` and `finishReason`. */
  body?: string;
  content?: string;
  finishReason?: string;
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeLlm {
  baseUrl: string;
  requests: RecordedRequest[];
  reply: FakeReply;
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = { baseUrl: "", requests: [], reply: { content: "" }, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text: the test will say what was wrong with it.
      }
      fake.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const r = fake.reply;
      const payload =
        r.body ??
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: r.content ?? "" },
              finish_reason: r.finishReason ?? "stop",
            },
          ],
        });
      const timer = setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(r.status ?? 200, { "content-type": "application/json" });
        res.end(payload);
      }, r.delayMs ?? 0);
      res.on("close", () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
