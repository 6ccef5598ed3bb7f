/**
 * Next.js 16 tells a handler the client's socket address only through `X-Forwarded-For`, and only
 * when the client did not send that header itself (`??=` in its base server): a client can thus
 * name any address it likes. The front door (./front-door.ts) stamps the socket peer into this
 * header of our own on every request the process's HTTP server receives, overwriting whatever a
 * client sent under that name, so `clientAddress()` (lib/auth/client-address.ts) can trust it.
 */
export const PEER_HEADER = "x-ptd-socket-peer";
