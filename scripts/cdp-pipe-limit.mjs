// Sits on Chromium's DevTools output pipe (--remote-debugging-pipe: NUL-terminated JSON messages)
// between the browser and the server, and lets no message over a size limit through.
//
// Why here: a page decides the size of much of what the browser tells the server (a console
// argument logged from a realm our init script never reached, a binding's argument, a screenshot
// of noise). Checked in the server, such a message has already been read and parsed whole. Here,
// in a process of its own, it is cut off as it streams past: the server never holds it.
//   - An event (a message without "id") over PTD_CDP_EVENT_MAX_BYTES is dropped (Lighthouse's
//     trace chunks, Tracing.dataCollected, are held to the answers' limit instead).
//   - A response over PTD_CDP_RESPONSE_MAX_BYTES becomes an error response to the same call, so the
//     caller fails at once (the error message starts with MARKER) instead of waiting forever.
// Memory here is bounded by the larger limit. Small messages pass unchanged, in order.
//
// stdin: Chromium's fd 4. stdout: the server's end of that pipe. Started by chromium-sandboxed.sh.
import fs from "node:fs";

// The same words as CDP_MESSAGE_OVER_LIMIT in lib/page/sandbox.ts (a test keeps them equal).
const MARKER = "page-to-data: DevTools message over the size limit";

const MiB = 1024 * 1024;
const EVENT_MAX = Number(process.env.PTD_CDP_EVENT_MAX_BYTES) || 4 * MiB;
const RESPONSE_MAX = Number(process.env.PTD_CDP_RESPONSE_MAX_BYTES) || 32 * MiB;
// How much of a dropped message is kept to answer it: its id is at the start, its sessionId at the end.
const KEEP = 512;

/** @type {Buffer[]} */
let parts = [];
let size = 0;
let dropping = false;
let head = Buffer.alloc(0);
let tail = Buffer.alloc(0);

/**
 * The limit for a message that starts with `start`: answers, and Lighthouse's trace chunks (which
 * Chromium sizes, not the page), get the larger one.
 * @param {Buffer} start
 */
function limitFor(start) {
  const text = start.toString("latin1", 0, 48);
  return /^\s*\{\s*"id"\s*:/.test(text) || /^\s*\{\s*"method"\s*:\s*"Tracing\.dataCollected"/.test(text)
    ? RESPONSE_MAX
    : EVENT_MAX;
}

/** @param {Buffer} piece */
function append(piece) {
  if (piece.length === 0) return;
  size += piece.length;
  if (!dropping) {
    parts.push(piece);
    const first = parts.length === 1 ? parts[0] : Buffer.concat(parts.slice(0, 4));
    if (size <= limitFor(first)) return;
    const whole = Buffer.concat(parts);
    head = Buffer.from(whole.subarray(0, KEEP));
    tail = Buffer.from(whole.subarray(-KEEP));
    parts = [];
    dropping = true;
    return;
  }
  tail = Buffer.from(Buffer.concat([tail, piece]).subarray(-KEEP));
}

/** The pending message is complete: what goes out for it (null: nothing). */
function finish() {
  let out = null;
  if (!dropping) {
    out = Buffer.concat([...parts, Buffer.from([0])]);
  } else {
    const id = /^\s*\{\s*"id"\s*:\s*(\d+)/.exec(head.toString("latin1"));
    const method = /"method"\s*:\s*"([A-Za-z.]{1,80})"/.exec(head.toString("latin1"));
    const session = /"sessionId"\s*:\s*"([0-9A-Fa-f-]{1,64})"\s*\}\s*$/.exec(tail.toString("latin1"));
    process.stderr.write(
      `[cdp-pipe-limit] ${id ? `response ${id[1]}` : `event ${method ? method[1] : "?"}`} of ${size} bytes cut off\n`,
    );
    if (id) {
      const error = {
        id: Number(id[1]),
        error: { code: -32000, message: `${MARKER} (${size} bytes)` },
        ...(session && { sessionId: session[1] }),
      };
      out = Buffer.from(`${JSON.stringify(error)}\0`);
    }
  }
  parts = [];
  size = 0;
  dropping = false;
  return out;
}

const input = fs.createReadStream("", { fd: 0, highWaterMark: 256 * 1024 });
const output = fs.createWriteStream("", { fd: 1 });

input.on("data", (chunk) => {
  const buf = /** @type {Buffer} */ (chunk);
  /** @type {Buffer[]} */
  const out = [];
  let pos = 0;
  if (size > 0 || dropping) {
    const end = buf.indexOf(0);
    if (end < 0) return append(buf);
    append(buf.subarray(0, end));
    const done = finish();
    if (done) out.push(done);
    pos = end + 1;
  }
  if (buf.length <= EVENT_MAX) {
    // Messages that begin and end inside a chunk this small are under every limit: they pass as they are.
    const last = buf.lastIndexOf(0);
    if (last >= pos) {
      out.push(buf.subarray(pos, last + 1));
      pos = last + 1;
    }
  } else {
    for (let end = buf.indexOf(0, pos); end >= 0; end = buf.indexOf(0, pos)) {
      append(buf.subarray(pos, end));
      const done = finish();
      if (done) out.push(done);
      pos = end + 1;
    }
  }
  if (pos < buf.length) append(buf.subarray(pos));
  if (out.length === 0) return;
  if (!output.write(out.length === 1 ? out[0] : Buffer.concat(out))) {
    input.pause();
    output.once("drain", () => input.resume());
  }
});
input.on("end", () => output.end());
output.on("error", () => process.exit(0));
