/**
 * Where a stored exchange connection may point. An admin types its base URLs and the server then
 * calls them with signed requests, so a URL must not turn the server into a way to reach what only
 * it can reach (cloud metadata at 169.254.169.254, the database, Redis, the app's own internals):
 *   - `https://` only; plain `http://` only to a loopback host, and only in demo mode (the sandbox);
 *   - no user:password@ part;
 *   - every address the host name resolves to must be public — not private, loopback, link-local,
 *     shared (CGNAT), multicast, documentation or reserved — unless CONNECTION_HOST_ALLOWLIST names
 *     the host or an address range holding it. Loopback is allowed in demo mode.
 * Checked when a connection is saved and again on every connection the client opens (guarded-fetch.ts),
 * so a name that later resolves elsewhere is refused too.
 */
import "server-only";
import { BlockList, isIP } from "node:net";
import { isDemoMode } from "../config/mode";

export type AddressKind = "public" | "loopback" | "non-public";

function blockList(ranges: ReadonlyArray<readonly [string, number]>, family: "ipv4" | "ipv6"): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const LOOPBACK = (() => {
  const list = blockList([["127.0.0.0", 8]], "ipv4");
  list.addAddress("::1", "ipv6");
  return list;
})();

/** IANA special-purpose ranges that are not reachable public unicast (RFC 6890 and successors). */
const NON_PUBLIC_V4 = blockList(
  [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ],
  "ipv4",
);

const NON_PUBLIC_V6 = blockList(
  [
    ["::", 128],
    ["64:ff9b:1::", 48],
    ["100::", 64],
    ["2001::", 23],
    ["2001:db8::", 32],
    ["2002::", 16],
    ["fc00::", 7],
    ["fe80::", 10],
    ["fec0::", 10],
    ["ff00::", 8],
  ],
  "ipv6",
);

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d, NAT64 64:ff9b::/96), else undefined. */
function embeddedV4(address: string): string | undefined {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const hi = parseInt(match[2] ?? "0", 16);
  const lo = parseInt(match[3] ?? "0", 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  const family = isIP(bare);
  if (family === 0) return "non-public";
  if (family === 6) {
    const v4 = embeddedV4(bare);
    if (v4) return addressKind(v4);
    if (LOOPBACK.check(bare, "ipv6")) return "loopback";
    return NON_PUBLIC_V6.check(bare, "ipv6") ? "non-public" : "public";
  }
  if (LOOPBACK.check(bare, "ipv4")) return "loopback";
  return NON_PUBLIC_V4.check(bare, "ipv4") ? "non-public" : "public";
}

export interface UrlPolicy {
  demo: boolean;
  /** Host names (lower case) whose addresses are not checked. */
  hosts: ReadonlySet<string>;
  /** Address ranges allowed although not public. */
  ranges: BlockList;
}

/** CONNECTION_HOST_ALLOWLIST: comma-separated host names, addresses and CIDR ranges. */
export function urlPolicy(env: NodeJS.ProcessEnv = process.env): UrlPolicy {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const entry of (env.CONNECTION_HOST_ALLOWLIST ?? "").split(",").map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const [network = "", prefixText] = entry.split("/");
    const family = isIP(network);
    if (family === 0) {
      hosts.add(entry);
      continue;
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`CONNECTION_HOST_ALLOWLIST: "${entry}" is not a host name, an address or a CIDR range`);
    }
    ranges.addSubnet(network, prefix, type);
  }
  return { demo: isDemoMode(env), hosts, ranges };
}

/** The URL's host without IPv6 brackets, lower case. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

const isLoopbackHost = (host: string) => host === "localhost" || host.endsWith(".localhost") || addressKind(host) === "loopback";

/** The URL-shape rules (no network): a reason to refuse, or null. */
export function urlShapeRefusal(raw: string, demo: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be a URL like https://api.example.com";
  }
  if (url.username || url.password) return "must not contain a user name or password";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && demo && isLoopbackHost(hostOf(url))) return null;
  return demo ? "must start with https:// (http:// only to this machine's loopback)" : "must start with https://";
}

/** Whether the server may open a connection to `address` for `host` (an address the host resolved to). */
export function addressRefusal(host: string, address: string, policy: UrlPolicy): string | null {
  if (policy.hosts.has(host)) return null;
  const kind = addressKind(address);
  if (kind === "public") return null;
  if (kind === "loopback" && policy.demo) return null;
  const bare = address.replace(/^\[|\]$/g, "");
  if (policy.ranges.check(bare, isIP(bare) === 6 ? "ipv6" : "ipv4")) return null;
  return `${host} resolves to a ${kind === "loopback" ? "loopback" : "private or reserved"} address; add it to CONNECTION_HOST_ALLOWLIST to allow it`;
}
