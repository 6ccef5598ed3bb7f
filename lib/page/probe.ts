/**
 * Telling "the page took too long" from "the connection never came up" (spec 7.4 distinguishes
 * them) after a navigation timeout. Through the proxy Chromium only sees the tunnel, not the TCP
 * and TLS handshakes behind it, so we try them ourselves once: resolve with the same egress rules,
 * connect to the checked address, and for https complete a TLS handshake. Only runs on failures.
 */
import net from "node:net";
import tls from "node:tls";
import { EgressBlockedError } from "@/lib/net/errors";
import { resolvePublic } from "@/lib/net/resolve";

export type ProbeResult = "ok" | "timeout" | "refused" | "not_found" | "blocked" | "error";

function handshake(url: URL, address: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const secure = url.protocol === "https:";
    const socket = secure
      ? // Certificate errors are not what we are probing for: only whether the handshake finishes.
        tls.connect({ host: address, port, servername: url.hostname, rejectUnauthorized: false })
      : net.connect({ host: address, port });
    const done = (r: ProbeResult) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => done("timeout"), timeoutMs);
    socket.once(secure ? "secureConnect" : "connect", () => done("ok"));
    socket.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNREFUSED") done("refused");
      else if (err.code === "ETIMEDOUT") done("timeout");
      else done("error");
    });
  });
}

/** Can a connection (and TLS session) to `url`'s host be established within `timeoutMs`? */
export async function probeConnection(rawUrl: string, timeoutMs: number): Promise<ProbeResult> {
  const url = new URL(rawUrl);
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  try {
    const target = await resolvePublic(url.hostname, port);
    return await handshake(url, target.address, target.port, timeoutMs);
  } catch (err) {
    if (err instanceof EgressBlockedError) return "blocked";
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ENOTFOUND" || code === "EAI_AGAIN" ? "not_found" : "error";
  }
}
