/**
 * The fetch of stored connections: every address a connection is opened to is checked against
 * the URL policy (url-policy.ts) at the moment the socket connects — inside the DNS lookup the
 * socket itself uses — so a host name that resolves to a private address now, or rebinds to one
 * between a check and the call, is never reached. The same check runs when a connection is saved.
 * Redirects are not followed (a public host cannot bounce a signed request to an internal one).
 */
import "server-only";
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { addressRefusal, hostOf, urlPolicy, urlShapeRefusal, type UrlPolicy } from "./url-policy";

/** A URL the policy refuses; nothing was sent. */
export class ConnectionUrlRefused extends Error {
  constructor(reason: string) {
    super(`connection refused by the address policy: ${reason}`);
    this.name = "ConnectionUrlRefused";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails unless every address of the host is allowed. */
function checkedLookup(policy: UrlPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const host = hostname.toLowerCase();
      const refused = addresses.map((a) => addressRefusal(host, a.address, policy)).find((r) => r !== null);
      if (refused) return callback(new ConnectionUrlRefused(refused), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new ConnectionUrlRefused(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Why the server must not call this base URL (shape, then every resolved address), or null. */
export async function baseUrlRefusal(raw: string, policy: UrlPolicy = urlPolicy()): Promise<string | null> {
  const shape = urlShapeRefusal(raw, policy.demo);
  if (shape) return shape;
  const host = hostOf(new URL(raw));
  if (isIP(host)) return addressRefusal(host, host, policy);
  return new Promise((resolve) => {
    checkedLookup(policy)(host, { all: true }, (error) => {
      if (!error) return resolve(null);
      resolve(error instanceof ConnectionUrlRefused ? error.message.replace(/^.*?policy: /, "") : `${host} does not resolve`);
    });
  });
}

const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/** Statuses whose response has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** A fetch (the subset WeexClient uses: string or URL, method, headers, string body, signal) over guarded sockets. */
export function guardedFetch(policyOf: () => UrlPolicy = () => urlPolicy()): typeof fetch {
  const guarded = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) return Promise.reject(new TypeError("guardedFetch takes a URL"));
    if (init.body !== undefined && init.body !== null && typeof init.body !== "string") return Promise.reject(new TypeError("guardedFetch sends string bodies"));
    const policy = policyOf();
    const url = new URL(input);
    const shape = urlShapeRefusal(url.href, policy.demo);
    const host = hostOf(url);
    // A socket to an address literal skips the lookup: check the literal itself.
    const refused = shape ?? (isIP(host) ? addressRefusal(host, host, policy) : null);
    if (refused) return Promise.reject(new ConnectionUrlRefused(refused));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    return new Promise<Response>((resolve, reject) => {
      const request = (url.protocol === "https:" ? https : http).request(
        url,
        { method: init.method ?? "GET", headers, agent: agents[url.protocol as "http:" | "https:"], lookup: checkedLookup(policy), ...(init.signal ? { signal: init.signal } : {}) },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const status = response.statusCode ?? 502;
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, v);
            }
            resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: response.statusMessage ?? "", headers: responseHeaders }));
          });
        },
      );
      request.on("error", reject);
      request.end(typeof init.body === "string" ? init.body : undefined);
    });
  };
  return guarded as typeof fetch;
}
