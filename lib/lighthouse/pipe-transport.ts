import type { Readable, Writable } from "node:stream";
import type { ConnectionTransport } from "puppeteer-core";

/**
 * DevTools over Chromium's `--remote-debugging-pipe` (fd 3: to the browser, fd 4: from it; each
 * message is JSON ended by a NUL byte). A pipe belongs to the process that spawned the browser:
 * unlike a DevTools port on 127.0.0.1, no other local user can connect to it and drive the
 * browser (issue 27). Lighthouse takes the Puppeteer page this transport gives.
 */
export class PipeTransport implements ConnectionTransport {
  onmessage?: (message: string) => void;
  onclose?: () => void;
  private pending: Buffer[] = [];
  private closed = false;

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.on("data", (chunk: Buffer) => this.receive(chunk));
    fromBrowser.on("close", () => this.end());
    fromBrowser.on("error", () => this.end());
    toBrowser.on("error", () => this.end());
  }

  send(message: string): void {
    if (this.closed) return;
    this.toBrowser.write(message);
    this.toBrowser.write("\0");
  }

  close(): void {
    this.end();
    this.toBrowser.end();
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let nul = chunk.indexOf(0); nul !== -1; nul = chunk.indexOf(0, start)) {
      const message = Buffer.concat([...this.pending, chunk.subarray(start, nul)]).toString("utf8");
      this.pending = [];
      start = nul + 1;
      // Delivered on a later tick, as Puppeteer's own pipe transport does: a handler may close us.
      setImmediate(() => this.onmessage?.(message));
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    setImmediate(() => this.onclose?.());
  }
}
