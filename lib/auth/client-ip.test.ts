/**
 * clientIp: the socket's peer unless TRUSTED_PROXIES says which hops to
 * believe, and the peer header of scripts/serve.mjs over real HTTP (a client's
 * own copy never survives).
 */
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER as SERVER_PEER_HEADER, stampPeerAddress } from "@/scripts/peer-address.mjs";
import { clientIp, PEER_ADDRESS_HEADER, PEER_HEADER_ENV } from "./client-ip";
import { parseTrustedProxies, trustedProxies } from "./trusted-proxies";

const savedFlag = process.env[PEER_HEADER_ENV];
afterEach(() => {
  if (savedFlag === undefined) delete process.env[PEER_HEADER_ENV];
  else process.env[PEER_HEADER_ENV] = savedFlag;
});

const none = parseTrustedProxies(undefined);

describe("clientIp without trusted proxies", () => {
  it("is the socket's peer, whatever X-Forwarded-For or X-Real-IP claim", () => {
    const spoofed = { "x-forwarded-for": "2.2.2.2, 3.3.3.3", "x-real-ip": "4.4.4.4" };
    expect(clientIp(spoofed, { peer: "203.0.113.9", trusted: none })).toBe("203.0.113.9");
    expect(clientIp(new Headers(spoofed), { peer: "::ffff:198.51.100.4", trusted: none }), "IPv4-mapped as IPv4").toBe("198.51.100.4");
    expect(clientIp(spoofed, { peer: "2001:DB8::1", trusted: none })).toBe("2001:db8::1");
  });

  it("reads the peer header only in a process served by scripts/serve.mjs; else the client is unknown", () => {
    const headers = { [PEER_ADDRESS_HEADER]: "198.51.100.8", "x-forwarded-for": "2.2.2.2" };
    delete process.env[PEER_HEADER_ENV];
    expect(clientIp(headers, { trusted: none })).toBe("unknown");
    process.env[PEER_HEADER_ENV] = "1";
    expect(clientIp(headers, { trusted: none })).toBe("198.51.100.8");
    expect(clientIp({ "x-forwarded-for": "2.2.2.2" }, { trusted: none })).toBe("unknown");
    expect(clientIp({ [PEER_ADDRESS_HEADER]: "not-an-address" }, { trusted: none })).toBe("unknown");
  });
});

describe("clientIp with TRUSTED_PROXIES as a hop count", () => {
  it("takes the entry that many hops left of the peer; client-written entries further left prove nothing", () => {
    const one = parseTrustedProxies("1");
    expect(clientIp({ "x-forwarded-for": "6.6.6.6, 198.51.100.7" }, { peer: "10.0.0.2", trusted: one })).toBe("198.51.100.7");
    const two = parseTrustedProxies("2");
    expect(clientIp({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.3" }, { peer: "10.0.0.2", trusted: two })).toBe("198.51.100.7");
    expect(clientIp({ "x-forwarded-for": "198.51.100.7:4711" }, { peer: "10.0.0.2", trusted: two }), "fewer hops than configured: the farthest").toBe("198.51.100.7");
    expect(clientIp({}, { peer: "10.0.0.2", trusted: one }), "no header: the peer").toBe("10.0.0.2");
  });
});

describe("clientIp with TRUSTED_PROXIES as a list", () => {
  const list = parseTrustedProxies("10.0.0.0/8, ::1, 192.0.2.10");

  it("takes the right-most entry that is not a trusted proxy", () => {
    expect(clientIp({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.1.2.3" }, { peer: "10.0.0.2", trusted: list })).toBe("198.51.100.7");
    expect(clientIp({ "x-forwarded-for": "6.6.6.6, [2001:db8::5]:443" }, { peer: "::1", trusted: list })).toBe("2001:db8::5");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(clientIp({ "x-forwarded-for": "6.6.6.6" }, { peer: "203.0.113.5", trusted: list })).toBe("203.0.113.5");
  });

  it("answers the farthest hop when every hop is trusted, and unknown for garbage at the boundary", () => {
    expect(clientIp({ "x-forwarded-for": "10.9.9.9, 192.0.2.10" }, { peer: "10.0.0.2", trusted: list })).toBe("10.9.9.9");
    expect(clientIp({ "x-forwarded-for": "6.6.6.6, bogus" }, { peer: "10.0.0.2", trusted: list })).toBe("unknown");
  });
});

describe("TRUSTED_PROXIES parsing", () => {
  it("accepts nothing, a count or a list, and refuses anything else with a message naming it", () => {
    expect(trustedProxies({}).kind).toBe("none");
    expect(trustedProxies({ TRUSTED_PROXIES: "0" }).kind).toBe("none");
    expect(trustedProxies({ TRUSTED_PROXIES: " 2 " })).toEqual({ kind: "hops", hops: 2 });
    expect(trustedProxies({ TRUSTED_PROXIES: "127.0.0.1, fd00::/8" }).kind).toBe("list");
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.1,", "10.0.0.0/8/1", "::1/129", "99", "1.2.3"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(/^TRUSTED_PROXIES/);
    }
  });
});

describe("the peer header over real HTTP (scripts/serve.mjs)", () => {
  it("carries the socket's address and drops every copy the client sent", async () => {
    expect(SERVER_PEER_HEADER).toBe(PEER_ADDRESS_HEADER);
    process.env[PEER_HEADER_ENV] = "1";
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      stampPeerAddress(req);
      seen.push(req.headers);
      res.end(clientIp(req.headers, { trusted: none }));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const spoofed = new Headers([
        ["x-forwarded-for", "2.2.2.2"],
        [PEER_ADDRESS_HEADER, "9.9.9.9"],
        [PEER_ADDRESS_HEADER, "8.8.8.8"],
      ]);
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: spoofed });
      expect(await res.text()).toBe("127.0.0.1");
      expect(seen[0]?.[PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
      expect(seen[0]?.["x-forwarded-for"]).toBe("2.2.2.2");
    } finally {
      server.close();
    }
  });
});
