/** The test sites' HTML answers: a status, headers, and a minimal document around a body. */
import type { ServerResponse } from "node:http";

export const html = (
  res: ServerResponse,
  body: string,
  status = 200,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(body);
};

export const page = (title: string, body: string, head = "") =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
