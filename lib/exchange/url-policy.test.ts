import { describe, expect, it } from "vitest";
import { addressKind, addressRefusal, urlPolicy, urlShapeRefusal } from "./url-policy";

/** The policy a given environment gives (only the variables it reads). */
const policyFor = (vars: Record<string, string>) => urlPolicy(vars as unknown as NodeJS.ProcessEnv);

describe("addressKind", () => {
  const table: Array<[string, ReturnType<typeof addressKind>]> = [
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["2606:4700:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.9.9.9", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["10.0.0.5", "non-public"],
    ["172.16.0.1", "non-public"],
    ["172.31.255.255", "non-public"],
    ["192.168.1.1", "non-public"],
    ["169.254.169.254", "non-public"], // cloud metadata
    ["100.64.0.1", "non-public"], // shared address space (CGNAT)
    ["0.0.0.0", "non-public"],
    ["192.0.2.10", "non-public"],
    ["198.18.0.1", "non-public"],
    ["224.0.0.1", "non-public"],
    ["255.255.255.255", "non-public"],
    ["::", "non-public"],
    ["fc00::1", "non-public"],
    ["fd12:3456::1", "non-public"],
    ["fe80::1", "non-public"],
    ["ff02::1", "non-public"],
    ["2001:db8::1", "non-public"],
    ["::ffff:10.0.0.1", "non-public"],
    ["::ffff:a9fe:a9fe", "non-public"], // 169.254.169.254 written in hex
    ["64:ff9b::a00:1", "non-public"], // NAT64 of 10.0.0.1
    ["not-an-address", "non-public"],
  ];
  it.each(table)("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
  it("keeps public addresses next to private ranges public", () => {
    for (const a of ["172.15.255.255", "172.32.0.1", "11.0.0.1", "169.253.1.1", "100.128.0.1", "::ffff:8.8.8.8"]) expect(addressKind(a), a).toBe("public");
  });
});

describe("urlShapeRefusal", () => {
  const table: Array<[string, boolean, boolean]> = [
    // url, demo mode, allowed
    ["https://api.weex.com", false, true],
    ["https://api.weex.com", true, true],
    ["http://api.weex.com", false, false],
    ["http://api.weex.com", true, false],
    ["http://127.0.0.1:8787", true, true],
    ["http://localhost:8787", true, true],
    ["http://[::1]:8787", true, true],
    ["http://127.0.0.1:8787", false, false],
    ["http://localhost:8787", false, false],
    ["ftp://api.weex.com", true, false],
    ["file:///etc/passwd", true, false],
    ["https://user:pw@api.weex.com", false, false],
    ["not a url", false, false],
  ];
  it.each(table)("%s (demo %s) allowed: %s", (url, demo, allowed) => {
    const refusal = urlShapeRefusal(url, demo);
    if (allowed) expect(refusal).toBeNull();
    else expect(refusal).toEqual(expect.any(String));
  });
});

describe("addressRefusal and CONNECTION_HOST_ALLOWLIST", () => {
  const live = { WEEX_SPOT_BASE_URL: "https://api.weex.com" };
  it("refuses private and loopback addresses outside demo mode, loopback allowed in demo mode", () => {
    const policy = policyFor(live);
    expect(addressRefusal("api.weex.com", "8.8.8.8", policy)).toBeNull();
    expect(addressRefusal("evil.example", "10.1.2.3", policy)).toMatch(/private or reserved/);
    expect(addressRefusal("evil.example", "127.0.0.1", policy)).toMatch(/loopback/);
    expect(addressRefusal("sandbox", "127.0.0.1", policyFor({}))).toBeNull();
    expect(addressRefusal("evil.example", "169.254.169.254", policyFor({}))).toMatch(/private or reserved/);
  });
  it("lets the allow-list name hosts, addresses and ranges", () => {
    const policy = policyFor({ ...live, CONNECTION_HOST_ALLOWLIST: " Exchange.Internal , 10.20.0.0/16, 192.168.1.7, fd00::/8" });
    expect(addressRefusal("exchange.internal", "10.9.9.9", policy)).toBeNull();
    expect(addressRefusal("other.internal", "10.20.3.4", policy)).toBeNull();
    expect(addressRefusal("other.internal", "10.21.3.4", policy)).not.toBeNull();
    expect(addressRefusal("other.internal", "192.168.1.7", policy)).toBeNull();
    expect(addressRefusal("other.internal", "192.168.1.8", policy)).not.toBeNull();
    expect(addressRefusal("other.internal", "fd00::5", policy)).toBeNull();
    expect(() => policyFor({ CONNECTION_HOST_ALLOWLIST: "10.0.0.0/40" })).toThrow(/CONNECTION_HOST_ALLOWLIST/);
  });
});
