/**
 * A person's live request through the signed proxy waits only a short time for the weight budget
 * (EXCHANGE_LIVE_WAIT_MS, default 2 s) and otherwise gets a fast 503 with Retry-After, nothing
 * sent; the sync's calls (no wait limit) still wait as long as the budget needs. Against a real
 * sandbox over HTTP, forced into a 429 pause by a client that allows itself more than the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pooledClient } from "@/lib/exchange/client-pool";
import { proxyCall } from "@/lib/exchange/proxy";
import { testConnection } from "@/lib/exchange/test-connection";
import type { ResolvedConnection } from "@/lib/exchange/types";
import type { RunningSandbox } from "@/lib/sandbox";
import { startTestSandbox } from "../support/exchange";

const SANDBOX_BUDGET = 40; // four spotAllOrders (weight 10) per window
const WINDOW_MS = 4_000;
/**
 * "At once": under the 2 s a live read may wait (the default EXCHANGE_LIVE_WAIT_MS), so a read that waited for the
 * budget cannot pass. Not tighter: on 2 busy cores (CI, load 8) a refusal that waited for nothing took over 1 s.
 */
const AT_ONCE_MS = 1_900;

let sandbox: RunningSandbox;
const saved = { ...process.env };

beforeAll(async () => {
  sandbox = await startTestSandbox({ budget: SANDBOX_BUDGET, windowMs: WINDOW_MS });
  process.env.EXCHANGE_READ_CACHE_MS = "0"; // every read reaches the budget
  process.env.WEEX_WEIGHT_WINDOW_MS = String(WINDOW_MS);
  delete process.env.EXCHANGE_LIVE_WAIT_MS; // the default: 2 s
});

afterAll(async () => {
  process.env = saved;
  await sandbox.close();
});

function connection(id: string): ResolvedConnection {
  const { apiKey, secret, passphrase } = sandbox.options;
  return {
    id,
    name: id,
    source: "db",
    readOnly: false,
    keyHint: "",
    spotBaseUrl: sandbox.url,
    contractBaseUrl: sandbox.url,
    credentials: { apiKey, secret, passphrase },
    fingerprint: `${id}-${sandbox.url}`,
  };
}

/** A read of its own page, so concurrent reads are not shared as one call. */
async function read(conn: ResolvedConnection, page = 1) {
  const started = Date.now();
  const query = `symbol=BTCUSDT&limit=1&page=${page}`;
  const result = await proxyCall({ endpoint: "spotAllOrders", method: "GET", query, body: "", role: "viewer", connection: conn });
  return { ...result, ms: Date.now() - started };
}

const sent = () => sandbox.requestCounts.get("spotAllOrders") ?? 0;

describe("live requests and the weight budget", () => {
  it("during a 429 pause a live read answers 503 with Retry-After at once, sends nothing, and the sync still waits and succeeds", async () => {
    process.env.WEEX_WEIGHT_LIMIT = "500"; // more than the sandbox allows: its 429 pauses our budget
    const conn = connection(`live-429-${Date.now()}`);
    // Reads succeed until one meets the sandbox's 429: instead of waiting out the pause it is refused, quickly.
    const answers = [];
    for (let i = 0; i < 8 && answers.at(-1)?.status !== 503; i++) answers.push(await read(conn));
    expect(answers.map((a) => a.status)).toEqual([...answers.slice(0, -1).map(() => 200), 503]);
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.at(-1)!.ms).toBeLessThan(AT_ONCE_MS);

    const before = sent();
    const during = await read(conn);
    expect(during.status).toBe(503);
    expect(during.ms, "refused at once: the pause outlasts the 2 s a person waits").toBeLessThan(AT_ONCE_MS);
    // The exchange's own pause, said as such (not "our budget is busy").
    expect(during.body).toEqual({ code: -1054, msg: expect.stringMatching(/^the exchange told us to stop sending for now \(HTTP 429, or a 418 ban\); nothing was sent, retry in \d+ s$/) });
    expect(Number(during.headers?.["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(Number(during.headers?.["Retry-After"])).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(sent()).toBe(before);

    // An admin's "Test" on the connection is a live request too: a quick, clear refusal.
    const testStarted = Date.now();
    expect(await testConnection(conn)).toMatchObject({ ok: false, error: { code: -1054, msg: expect.stringMatching(/^(the exchange told us to stop sending for now \(HTTP 429, or a 418 ban\)|the exchange.s weight budget is busy); nothing was sent/) } });
    expect(Date.now() - testStarted).toBeLessThan(AT_ONCE_MS);

    // The sync calls the same client with no wait limit: it waits for the pause and gets its answer.
    const started = Date.now();
    await expect(pooledClient(conn).client.call("spotAllOrders", { symbol: "BTCUSDT", limit: 1 })).resolves.toBeDefined();
    expect(Date.now() - started).toBeGreaterThan(500);
  }, 30_000);

  it("with our own budget full, a live read waits at most the configured time, then 503; the budget is never exceeded", async () => {
    process.env.WEEX_WEIGHT_LIMIT = String(SANDBOX_BUDGET);
    process.env.EXCHANGE_LIVE_WAIT_MS = "300";
    await new Promise((r) => setTimeout(r, WINDOW_MS + 200)); // the sandbox's window forgets the test before
    const conn = connection(`live-full-${Date.now()}`);
    await pooledClient(conn).client.syncClock(); // its exchangeInfo (weight 20) now, so the reads' share is known
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => read(conn, i + 1)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.ms).toBeLessThan(1_500);
      expect(Number(a.headers?.["Retry-After"])).toBeGreaterThanOrEqual(1);
    }
    expect(await pooledClient(conn).client.weightUsed()).toMatchObject({ ip: SANDBOX_BUDGET });
  }, 30_000);
});
