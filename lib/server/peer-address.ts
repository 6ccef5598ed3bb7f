import http from "node:http";
import { singleton } from "@/lib/singleton";

/**
 * Next.js 16 tells a handler the client's socket address only through `X-Forwarded-For`, and only
 * when the client did not send that header itself (`??=` in its base server): a client can thus
 * name any address it likes. This stamps the socket peer into a header of our own on every request
 * the process's HTTP server receives, overwriting whatever a client sent under that name, so
 * `clientAddress()` (lib/auth/client-address.ts) can trust it. Installed once, at start-up, before
 * the first request (instrumentation.ts).
 */
export const PEER_HEADER = "x-ptd-socket-peer";

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
export function stampPeerAddresses(): void {
  singleton("peerStamp", patchServerEmit); // once per process: a second patch would wrap the first
}

function patchServerEmit(): true {
  const proto = http.Server.prototype as unknown as { emit: Emit };
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event, ...args) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  };
  return true;
}
