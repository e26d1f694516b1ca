/**
 * What the signed proxy adds to a live read, and what a live read feels like while the first sync runs.
 *
 *   npm run bench:proxy -- [--rounds 6] [--seconds 1] [--concurrency 8] [--reads 40]
 *
 * The sandbox exchange runs in a process of its own (bench/sandbox-process.ts) and the app talks to it as to the real
 * exchange, so neither measurement is the app and the exchange sharing one event loop.
 *
 * 1. Quiet: an app whose warehouse is synced (its scheduled sync off, its budget out of the way, the proxy's read
 *    cache off so every call reaches the exchange). The same signed read (openOrders) sent directly with our client
 *    and through /api/exchange/spotOpenOrders (session, role check, validation, signing), in alternating rounds, so
 *    both meet the machine in the same state: p50/p99 of each, what the proxy adds, the throughput ratio.
 * 2. During a backfill: a second app on a fresh warehouse, at the default budget (WEEX_WEIGHT_LIMIT 500 per 10 s),
 *    whose first sync starts at start. One read at a time through its proxy while the backfill runs, against the same
 *    reads one at a time on the quiet app: the ratio of the p50s is what a user of a new connection feels.
 *
 * The machine's load average is printed beside the figures.
 */
import { loadavg } from "node:os";
import { WeightBudget } from "../lib/weex/budget";
import { WeexClient } from "../lib/weex/client";
import { DEFAULT_SANDBOX_CREDENTIALS } from "../lib/sandbox/config";
import { cookieHeader, signIn, startApp, type RunningApp } from "./app-server";
import { startSandboxProcess } from "./sandbox-process";
import { flagNumber, fmt, percentile } from "./stats";

const args = process.argv.slice(2);
const rounds = flagNumber(args, "rounds", 6);
const seconds = flagNumber(args, "seconds", 1);
const concurrency = flagNumber(args, "concurrency", 8);
const reads = flagNumber(args, "reads", 40);
const ADMIN = { email: "bench@rebatedesk.local", password: "bench-password-1234" };
const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");

/** `once` as often as it goes for `ms`, `parallel` at a time: each call's latency. */
async function burst(once: () => Promise<void>, ms: number, parallel: number): Promise<{ latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await once();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - started) / 1000 };
}

/** `count` calls one after another: each call's latency. */
async function oneAtATime(once: () => Promise<void>, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await once();
    latencies.push(performance.now() - t);
  }
  return latencies;
}

const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};

async function proxiedRead(app: RunningApp): Promise<() => Promise<void>> {
  const cookie = cookieHeader(await signIn(app.url, ADMIN));
  return async () => {
    const res = await fetch(`${app.url}/api/exchange/spotOpenOrders?symbol=BTCUSDT`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`proxy answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
}

interface SyncStatus {
  running: boolean;
  reports: Array<{ backfillDone: boolean }>;
}

async function syncStatus(app: RunningApp, cookie: string): Promise<SyncStatus> {
  return (await (await fetch(`${app.url}/api/sync`, { headers: { cookie } })).json()) as SyncStatus;
}

const settled = (s: SyncStatus) => !s.running && s.reports.length > 0 && s.reports.every((r) => r.backfillDone);

/** Asks for a sync and waits until every report's history is read. */
async function syncFully(app: RunningApp): Promise<number> {
  const cookie = cookieHeader(await signIn(app.url, ADMIN));
  const started = Date.now();
  await fetch(`${app.url}/api/sync`, { method: "POST", headers: { cookie } });
  while (!settled(await syncStatus(app, cookie))) await new Promise((r) => setTimeout(r, 500));
  return (Date.now() - started) / 1000;
}

const sandbox = await startSandboxProcess(["--invitees", "300", "--days", "60", "--budget", "1000000000"]);
// Real mode (a base URL set) stores the exchange's secrets encrypted: the key of a throwaway data folder, 32 bytes.
const common = {
  ...sandbox.appEnv,
  APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret!",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
let quietApp: RunningApp | null = null;
let busyApp: RunningApp | null = null;
try {
  quietApp = await startApp({ ...common, SYNC_INTERVAL_MS: "0", SYNC_HISTORY_DAYS: "60", WEEX_WEIGHT_LIMIT: "1000000000", EXCHANGE_READ_CACHE_MS: "0" });
  const syncSeconds = await syncFully(quietApp);
  const viaProxy = await proxiedRead(quietApp);
  const client = new WeexClient({
    spotBaseUrl: sandbox.url,
    contractBaseUrl: sandbox.url,
    credentials: { ...DEFAULT_SANDBOX_CREDENTIALS },
    budget: new WeightBudget({ ipLimit: 1e9, uidLimit: 1e9 }),
  });
  const direct = async () => void (await client.call("spotOpenOrders", { symbol: "BTCUSDT" }));
  for (let i = 0; i < 20; i++) await Promise.all([direct(), viaProxy()]); // warm up both paths
  const loadBefore = load();
  const d: number[] = [];
  const p: number[] = [];
  let dSeconds = 0;
  let pSeconds = 0;
  for (let r = 0; r < rounds; r++) {
    const a = await burst(direct, seconds * 1000, concurrency);
    const b = await burst(viaProxy, seconds * 1000, concurrency);
    d.push(...a.latencies);
    p.push(...b.latencies);
    dSeconds += a.elapsed;
    pSeconds += b.elapsed;
  }
  const quietDirect = summary(d);
  const quietProxy = summary(p);
  const quietSequential = summary(await oneAtATime(viaProxy, reads));
  // One at a time, nothing queues: what the proxy's own work adds to one read, like with like.
  const directSequential = summary(await oneAtATime(direct, reads));
  console.log(`\nQuiet app (warehouse synced in ${fmt(syncSeconds, 1)} s; sandbox in its own process), load ${loadBefore} → ${load()}`);
  console.log(`signed read GET /api/v3/openOrders?symbol=BTCUSDT, concurrency ${concurrency}, ${rounds} alternating rounds of ${seconds} s each`);
  console.log(`  direct to the sandbox   p50 ${fmt(quietDirect.p50, 2)} ms  p99 ${fmt(quietDirect.p99, 2)} ms  ${fmt(d.length / dSeconds, 0)} requests/s  (${d.length})`);
  console.log(`  through the proxy       p50 ${fmt(quietProxy.p50, 2)} ms  p99 ${fmt(quietProxy.p99, 2)} ms  ${fmt(p.length / pSeconds, 0)} requests/s  (${p.length})`);
  console.log(`  added by the proxy: p50 +${fmt(quietProxy.p50 - quietDirect.p50, 2)} ms, p99 +${fmt(quietProxy.p99 - quietDirect.p99, 2)} ms; throughput ratio ${fmt(p.length / pSeconds / (d.length / dSeconds), 2)}`);
  console.log(`  one read at a time through the proxy: p50 ${fmt(quietSequential.p50, 2)} ms, p99 ${fmt(quietSequential.p99, 2)} ms (${reads})`);
  console.log(`  one read at a time direct:            p50 ${fmt(directSequential.p50, 2)} ms, p99 ${fmt(directSequential.p99, 2)} ms (${reads})`);
  console.log(`  added by the proxy to one read at a time: p50 +${fmt(quietSequential.p50 - directSequential.p50, 2)} ms (aim ≤ 5 ms)`);

  busyApp = await startApp({ ...common, SYNC_HISTORY_DAYS: "60", EXCHANGE_READ_CACHE_MS: "0" });
  const busyRead = await proxiedRead(busyApp);
  const cookie = cookieHeader(await signIn(busyApp.url, ADMIN));
  const loadBusy = load();
  const during: number[] = [];
  // One read at a time while the first sync runs (it starts at start, at the default budget).
  while (during.length < reads && !settled(await syncStatus(busyApp, cookie))) during.push(...(await oneAtATime(busyRead, 1)));
  const stillRunning = !settled(await syncStatus(busyApp, cookie));
  const busy = summary(during);
  console.log(`\nDuring a first sync at the default budget (WEEX_WEIGHT_LIMIT 500 per 10 s), load ${loadBusy} → ${load()}`);
  console.log(`  one read at a time through the proxy: p50 ${fmt(busy.p50, 2)} ms, p99 ${fmt(busy.p99, 2)} ms (${busy.n} reads, the sync ${stillRunning ? "still running after them" : "finished during them"})`);
  console.log(`  against the quiet app's: p50 ${fmt(busy.p50 / quietSequential.p50, 2)}× (aim ≤ 2×)`);
} finally {
  // The sandbox is a process of its own: stopped whatever failed, so nothing outlives the bench.
  await busyApp?.stop();
  await quietApp?.stop();
  await sandbox.stop();
}
