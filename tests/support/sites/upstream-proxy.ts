/**
 * A stand-in residential exit: a minimal HTTP CONNECT proxy on loopback that records the
 * destinations it was asked for, so tests can prove a visit really went through the exit.
 */
import net from "node:net";

export interface FakeExit {
  port: number;
  /** `host:port` of every CONNECT, in order. */
  connects: string[];
  close(): Promise<void>;
}

export async function startFakeExit(): Promise<FakeExit> {
  const connects: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end === -1) return;
      client.off("data", onData);
      const m = /^CONNECT (\S+):(\d+) HTTP\/1\.[01]/.exec(head.subarray(0, end).toString("latin1"));
      if (!m) return void client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
      connects.push(`${m[1]}:${m[2]}`);
      const upstream = net.connect({ host: m[1]!.replace(/^\[|\]$/g, ""), port: Number(m[2]) }, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        const rest = head.subarray(end + 4);
        if (rest.length) upstream.write(rest);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      sockets.add(upstream);
      upstream.on("close", () => sockets.delete(upstream));
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
    };
    client.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connects,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
