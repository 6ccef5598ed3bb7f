/**
 * Residential exits: chaining an already-checked connection through an
 * upstream HTTP proxy.
 *
 * A Playwright context is given `proxy: {server, username, password}`; the
 * username selects the exit. Chromium only sends `Proxy-Authorization`
 * after a 407 challenge, which is why the egress proxy has a separate
 * listener that demands credentials (see egress-proxy.ts).
 *
 * We always ask the upstream to CONNECT to the *address we checked*, not the
 * name: the exit then cannot be steered to a different address than the one
 * the egress guard approved. Plain http requests are sent through that same
 * tunnel in origin form, so both paths are pinned the same way.
 */
import net from "node:net";

export interface UpstreamProxy {
  host: string;
  port: number;
  /** Credentials the upstream itself wants, if any. */
  username?: string;
  password?: string;
}

/** Username -> upstream proxy. The username is what the page engine puts in the context's proxy settings. */
export type UpstreamMap = Readonly<Record<string, UpstreamProxy>>;

/** The username of a `Proxy-Authorization: Basic ...` header, or null when absent or not Basic. */
export function proxyUsername(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const user = colon === -1 ? decoded : decoded.slice(0, colon);
  return user === "" ? null : user;
}

/** `host:port` for a request line, bracketing IPv6. */
export function authority(address: string, port: number): string {
  return net.isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`;
}

const MAX_UPSTREAM_HEAD = 16 * 1024;

/**
 * Open a raw TCP tunnel to `address:port` through `upstream` (HTTP CONNECT).
 * Resolves with the socket positioned right after the upstream's 200 reply.
 */
export function openUpstreamTunnel(
  upstream: UpstreamProxy,
  address: string,
  port: number,
  timeoutMs: number,
): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const target = authority(address, port);
    const socket = net.connect({ host: upstream.host, port: upstream.port });
    let head = Buffer.alloc(0);
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () =>
      fail(Object.assign(new Error("upstream proxy timed out"), { code: "ETIMEDOUT" })),
    );
    socket.once("error", fail);
    socket.once("connect", () => {
      const auth =
        upstream.username !== undefined
          ? `Proxy-Authorization: Basic ${Buffer.from(`${upstream.username}:${upstream.password ?? ""}`).toString("base64")}\r\n`
          : "";
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
    });
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end === -1) {
        if (head.length > MAX_UPSTREAM_HEAD) fail(new Error("upstream proxy sent an oversized reply"));
        return;
      }
      socket.off("data", onData);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString("latin1"))?.[1]);
      if (status !== 200) {
        fail(
          Object.assign(new Error(`upstream proxy answered ${status || "garbage"} to CONNECT`), {
            code: "EUPSTREAM",
          }),
        );
        return;
      }
      socket.setTimeout(0);
      socket.off("error", fail);
      // Stop the flow until the caller pipes the tunnel somewhere, so no byte is lost in between.
      socket.pause();
      // Bytes after the reply head already belong to the tunnelled stream.
      const rest = head.subarray(end + 4);
      if (rest.length) socket.unshift(rest);
      resolve(socket);
    };
    socket.on("data", onData);
  });
}
