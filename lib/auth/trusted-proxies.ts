/**
 * `TRUSTED_PROXIES`: which hops in front of the app may be believed when they
 * say, in `X-Forwarded-For`, whom they forwarded for. Unset: none — the socket's
 * peer is the client, whatever the request claims. Either a count of hops
 * (`1`: one reverse proxy, the peer, appends the client's address) or a
 * comma-separated list of addresses and CIDR blocks (`10.0.0.0/8, ::1`).
 *
 * Parsed without side effects, so start-up can refuse a bad value with one
 * clear message (lib/startup.ts), and read at call time (a build and a start may differ).
 */
import { BlockList, isIP } from "node:net";

export type TrustedProxies =
  | { kind: "none" }
  /** The peer and the `hops - 1` right-most X-Forwarded-For entries are our proxies. */
  | { kind: "hops"; hops: number }
  /** Any hop whose address is in `list` is ours. */
  | { kind: "list"; list: BlockList };

const MAX_HOPS = 16;

/**
 * An address as compared and counted: brackets and ports dropped, IPv4-mapped
 * IPv6 (`::ffff:1.2.3.4`, what a dual-stack socket reports) as plain IPv4,
 * lower case. Null when it is not an IP address.
 */
export function normalizeAddress(raw: string | undefined): string | null {
  let value = raw?.trim().toLowerCase() ?? "";
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1] ?? "";
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  if (value.startsWith("::ffff:") && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) ? value : null;
}

function family(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 4 ? "ipv4" : "ipv6";
}

function addEntry(list: BlockList, entry: string): void {
  const [base = "", prefix, extra] = entry.split("/");
  const address = normalizeAddress(base);
  if (!address || extra !== undefined) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR block`);
  if (prefix === undefined) {
    list.addAddress(address, family(address));
    return;
  }
  const bits = Number(prefix);
  const max = family(address) === "ipv4" ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || bits > max) throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length (0–${max})`);
  list.addSubnet(address, bits, family(address));
}

/** Parses a TRUSTED_PROXIES value; throws an Error naming the variable and the bad part. */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0") return { kind: "none" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`TRUSTED_PROXIES: ${hops} hops is more than any deployment has (at most ${MAX_HOPS})`);
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const entry of value.split(",").map((part) => part.trim())) {
    if (!entry) throw new Error("TRUSTED_PROXIES: empty entry in the list (expected a hop count or addresses/CIDRs separated by commas)");
    addEntry(list, entry);
  }
  return { kind: "list", list };
}

export function isTrustedAddress(trusted: TrustedProxies & { kind: "list" }, address: string): boolean {
  return trusted.list.check(address, family(address));
}

const cache = new Map<string, TrustedProxies>();

/** The process's setting (parsed once per distinct value). */
export function trustedProxies(env: Readonly<Record<string, string | undefined>> = process.env): TrustedProxies {
  const raw = env.TRUSTED_PROXIES ?? "";
  let parsed = cache.get(raw);
  if (!parsed) {
    parsed = parseTrustedProxies(raw);
    cache.set(raw, parsed);
  }
  return parsed;
}
