import type http from "node:http";

/**
 * A Node request's body as a web stream that a handler may stop reading at any point, and the
 * "lingering close" that follows an answer given before the body was all read (a 413 for a body
 * over the cap, a 401 before reading it).
 *
 * Why not `Readable.toWeb(req)`: once a handler cancels that stream, the next chunk the HTTP parser
 * delivers is enqueued into a closed controller; the throw lands inside the parser ("Parse Error:
 * JS Exception") and Node destroys the socket, sometimes before our answer is written. The client,
 * still sending, then sees ECONNRESET or EPIPE instead of the 413 (a CI run failed on exactly this).
 *
 * Here a cancelled or abandoned body is read and dropped instead. After the answer the connection
 * lingers, still discarding, so that the client reads the answer before anything closes: if the
 * client finishes its body the connection stays usable (keep-alive); if it is still sending after
 * LINGER_MS, the socket is closed (RFC 9112 §9.6; nginx's lingering_time does the same). There is
 * no byte cap: dropped bytes cost no memory, and on loopback a client sends tens of MB before it
 * has even parsed the answer, so a cap would cut off exactly the clients this is for.
 */
const LINGER_MS = 5_000;
/** Bytes held for the handler before the parser is paused (it reads at its own pace). */
const HIGH_WATER_BYTES = 64 * 1024;

export type RequestBody = {
  stream: ReadableStream<Uint8Array>;
  /** Call once the answer is written: drops the rest of the body, then closes if it never ends. */
  lingerAfterAnswer(): void;
};

export function requestBody(req: http.IncomingMessage): RequestBody {
  const socket = req.socket; // kept: Node may clear req.socket before the linger ends
  let open = true; // false once the stream is closed, errored, cancelled or abandoned

  const stopReading = () => {
    open = false;
    req.resume(); // keep the parser going: the bytes are dropped by the listener below
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (!open) return; // dropped
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on("end", () => {
          if (open) controller.close();
          open = false;
        });
        req.on("error", (err) => {
          if (open) controller.error(err);
          open = false;
        });
        // Closed without an end or an error (a socket destroyed under it): a reader must not wait forever.
        req.on("close", () => {
          if (open) controller.error(new Error("The request closed before its body ended."));
          open = false;
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        stopReading();
      },
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );

  return {
    stream,
    lingerAfterAnswer() {
      if (req.complete) return;
      stopReading();
      const timer = setTimeout(() => {
        if (!req.complete) socket.destroy();
      }, LINGER_MS);
      timer.unref();
      req.once("end", () => clearTimeout(timer));
      req.once("close", () => clearTimeout(timer));
    },
  };
}
