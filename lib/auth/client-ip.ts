/**
 * The client address every rate limit counts by (sign-in, share-link
 * passwords, anything else): one function, so no limit can be dodged by a
 * header another one ignores.
 *
 * Route handlers and server actions never see the socket, and `next start`
 * keeps a client-sent `X-Forwarded-For` as it is (it only fills the header in
 * when absent), so the peer address cannot be told from what Next passes on.
 * `npm start` therefore serves through scripts/serve.mjs, which overwrites
 * PEER_ADDRESS_HEADER with the socket's address before Next sees the request
 * and marks the process with PEER_HEADER_ENV. Without that mark (`next dev`, a
 * bare `next start`) the header could be the client's own, so it is ignored and
 * every client counts as "unknown" — stricter, never spoofable.
 */
import "server-only";
import { isTrustedAddress, normalizeAddress, trustedProxies, type TrustedProxies } from "./trusted-proxies";

export const PEER_ADDRESS_HEADER = "x-rebate-desk-peer-address";
/** Set to "1" in the server process by scripts/serve.mjs only. */
export const PEER_HEADER_ENV = "REBATE_DESK_PEER_HEADER";

export const UNKNOWN_CLIENT = "unknown";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export interface ClientIpOptions {
  /** The socket's peer address; default: PEER_ADDRESS_HEADER when this process is served by scripts/serve.mjs. */
  peer?: string;
  /** Default: TRUSTED_PROXIES. */
  trusted?: TrustedProxies;
}

function peerOf(headers: HeaderSource, options: ClientIpOptions): string | undefined {
  if (options.peer !== undefined) return options.peer;
  return process.env[PEER_HEADER_ENV] === "1" ? header(headers, PEER_ADDRESS_HEADER) : undefined;
}

/**
 * The client's address: the socket's peer; with trusted proxies, the right-most
 * X-Forwarded-For entry that is not one of them (entries left of it were
 * written by the client and prove nothing). "unknown" when no peer is known.
 */
export function clientIp(headers: HeaderSource, options: ClientIpOptions = {}): string {
  const peer = normalizeAddress(peerOf(headers, options));
  if (!peer) return UNKNOWN_CLIENT;
  const trusted = options.trusted ?? trustedProxies();
  if (trusted.kind === "none") return peer;
  const forwarded = (header(headers, "x-forwarded-for") ?? "").split(",").filter((entry) => entry.trim() !== "");
  // The hops nearest the app last: [client?, ...proxies, peer].
  const chain = [...forwarded.map(normalizeAddress), peer];
  if (trusted.kind === "hops") return chain[Math.max(0, chain.length - 1 - trusted.hops)] ?? UNKNOWN_CLIENT;
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i];
    if (!address) return UNKNOWN_CLIENT;
    if (!isTrustedAddress(trusted, address)) return address;
  }
  // Every hop is ours (a request from a proxy host itself): the farthest one.
  return chain[0] ?? UNKNOWN_CLIENT;
}
