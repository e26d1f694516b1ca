/**
 * Where an admin may point a connection: https:// only (http:// to loopback in demo mode), and no
 * host whose addresses are private, link-local or reserved — checked with real name resolution when
 * the connection is saved, and again by the client on every socket it opens (a stored URL whose host
 * now resolves elsewhere is refused before anything is sent).
 */
import { describe, expect, it } from "vitest";
import * as connectionsRoute from "@/app/api/connections/route";
import { createConnection, resolveConnection } from "@/lib/exchange/connections";
import { baseUrlRefusal } from "@/lib/exchange/guarded-fetch";
import { pooledClient } from "@/lib/exchange/client-pool";
import { urlPolicy } from "@/lib/exchange/url-policy";
import { getDb } from "@/lib/db/client";
import { connections } from "@/lib/db/schema";
import { demoAppSuite } from "../support/demo-app";

/** The policy a given environment gives (only the variables it reads). */
const policyFor = (vars: Record<string, string>) => urlPolicy(vars as unknown as NodeJS.ProcessEnv);

const app = demoAppSuite("connection-urls", "admin");

type Handler = (request: Request) => Promise<Response>;

async function save(url: string, contractUrl = url) {
  const { apiKey, secret, passphrase } = app.sandbox.options;
  const request = new Request("http://localhost/api/connections", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: `to ${url}`, spotBaseUrl: url, contractBaseUrl: contractUrl, apiKey, secret, passphrase }),
  });
  const response = await (connectionsRoute.POST as Handler)(request);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("saving a connection (demo mode)", () => {
  it("accepts the loopback sandbox over http:// and https:// to a public address", async () => {
    expect((await save(app.sandbox.url)).status).toBe(201);
    expect((await save("https://8.8.8.8")).status).toBe(201);
  });

  const refused: Array<[string, string]> = [
    ["https://169.254.169.254/latest/meta-data", "URL_NOT_ALLOWED"],
    ["https://10.0.0.5", "URL_NOT_ALLOWED"],
    ["https://192.168.1.1:8443", "URL_NOT_ALLOWED"],
    ["https://[fd00::1]", "URL_NOT_ALLOWED"],
    ["https://[::ffff:172.16.0.1]", "URL_NOT_ALLOWED"],
    ["https://0.0.0.0", "URL_NOT_ALLOWED"],
    ["https://no-such-host.invalid", "URL_NOT_ALLOWED"],
    ["http://example.com", "BAD_REQUEST"],
    ["http://10.0.0.5", "BAD_REQUEST"],
    ["https://admin:pw@example.com", "BAD_REQUEST"],
    ["file:///etc/passwd", "BAD_REQUEST"],
  ];
  it.each(refused)("refuses %s (%s) and stores nothing", async (url, code) => {
    const before = (await (await getDb()).select().from(connections)).length;
    const answer = await save(url);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code, msg: expect.any(String) });
    expect((await (await getDb()).select().from(connections)).length).toBe(before);
  });

  it("checks the contract URL too", async () => {
    const answer = await save(app.sandbox.url, "https://169.254.169.254");
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: "URL_NOT_ALLOWED", field: "contractBaseUrl" });
  });
});

describe("outside demo mode (real name resolution)", () => {
  const live = { WEEX_SPOT_BASE_URL: "https://api.weex.com" };
  it("refuses loopback and http://, by name and by address, unless the allow-list says otherwise", async () => {
    const policy = policyFor(live);
    expect(await baseUrlRefusal("https://localhost:8443", policy)).toMatch(/loopback/);
    expect(await baseUrlRefusal("https://127.0.0.1:8443", policy)).toMatch(/loopback/);
    expect(await baseUrlRefusal("http://127.0.0.1:8443", policy)).toMatch(/https:\/\//);
    expect(await baseUrlRefusal("https://8.8.8.8", policy)).toBeNull();
    expect(await baseUrlRefusal("https://localhost:8443", policyFor({ ...live, CONNECTION_HOST_ALLOWLIST: "localhost" }))).toBeNull();
    expect(await baseUrlRefusal("https://127.0.0.1:8443", policyFor({ ...live, CONNECTION_HOST_ALLOWLIST: "127.0.0.0/8" }))).toBeNull();
  });
});

describe("calling a stored connection", () => {
  it("refuses at call time a stored URL the policy no longer allows, sending nothing", async () => {
    // Stored without the route's check (as a row from before this rule, or a name that resolved elsewhere then).
    const created = await createConnection(
      { name: "metadata", spotBaseUrl: "https://169.254.169.254", contractBaseUrl: "https://169.254.169.254", apiKey: "k", secret: "s", passphrase: "p" },
      null,
    );
    const metadata = await resolveConnection(created.id);
    await expect(pooledClient(metadata!).client.call("ticker24hr", { symbol: "BTCUSDT" })).rejects.toMatchObject({
      kind: "network",
      msg: expect.stringMatching(/address policy/),
    });
  });

  it("checks the host's resolved addresses when the socket connects: loopback by name works in demo mode only", async () => {
    const byName = (scheme: string) => app.sandbox.url.replace("http://127.0.0.1", `${scheme}://localhost`);
    const plain = await createConnection({ name: "by name", spotBaseUrl: byName("http"), contractBaseUrl: byName("http"), apiKey: "k", secret: "s", passphrase: "p" }, null);
    // Demo mode: loopback is the sandbox's home, allowed through the guarded sockets.
    await expect(pooledClient((await resolveConnection(plain.id))!).client.call("ticker24hr", { symbol: "BTCUSDT" })).resolves.toMatchObject({ symbol: "BTCUSDT" });

    const tls = await createConnection({ name: "tls by name", spotBaseUrl: byName("https"), contractBaseUrl: byName("https"), apiKey: "k", secret: "s", passphrase: "p" }, null);
    const { client } = pooledClient((await resolveConnection(tls.id))!);
    const before = app.sandbox.requestCounts.get("ticker24hr") ?? 0;
    const saved = process.env.WEEX_SPOT_BASE_URL;
    process.env.WEEX_SPOT_BASE_URL = "https://api.weex.com"; // no longer demo mode: localhost's addresses are refused
    try {
      await expect(client.call("ticker24hr", { symbol: "ETHUSDT" })).rejects.toMatchObject({ msg: expect.stringMatching(/address policy: localhost resolves to a loopback address/) });
    } finally {
      if (saved === undefined) delete process.env.WEEX_SPOT_BASE_URL;
      else process.env.WEEX_SPOT_BASE_URL = saved;
    }
    expect(app.sandbox.requestCounts.get("ticker24hr") ?? 0).toBe(before);
  });
});
