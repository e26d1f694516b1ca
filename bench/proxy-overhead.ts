/**
 * Proxy overhead: the same signed read (openOrders) sent directly to the
 * sandbox with our client, and through the app's signed proxy
 * (/api/exchange/spotOpenOrders, session cookie, role check, validation,
 * signing on the server), in one run. Prints p50/p99 latency of each, the
 * added latency, and requests per second.
 *
 *   npm run bench:proxy -- [--seconds 8] [--concurrency 8]
 *
 * The app is started as `npm start` starts it (built first if needed), on a
 * spare port with a throwaway data folder, its embedded sandbox on a known
 * port, budgets raised out of the way and the proxy's read cache off, so
 * every proxied call really reaches the exchange.
 */
import { DEFAULT_SANDBOX_CREDENTIALS } from "../lib/sandbox/config";
import { WeightBudget } from "../lib/weex/budget";
import { WeexClient } from "../lib/weex/client";
import { cookieHeader, freePort, signIn, startApp } from "./app-server";
import { flagNumber, fmt, percentile } from "./stats";

const args = process.argv.slice(2);
const seconds = flagNumber(args, "seconds", 8);
const concurrency = flagNumber(args, "concurrency", 8);

const sandboxPort = await freePort();
const app = await startApp({
  SANDBOX_PORT: String(sandboxPort),
  SANDBOX_BUDGET: "1000000000",
  WEEX_WEIGHT_LIMIT: "1000000000",
  EXCHANGE_READ_CACHE_MS: "0",
});
const appUrl = app.url;

async function measure(label: string, once: () => Promise<void>): Promise<{ label: string; p50: number; p99: number; rps: number; n: number }> {
  for (let i = 0; i < 20; i++) await once(); // warm up
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await once();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { label, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / elapsed, n: latencies.length };
}

try {
  const cookie = cookieHeader(await signIn(appUrl));
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const direct = new WeexClient({
    spotBaseUrl: sandboxUrl,
    contractBaseUrl: sandboxUrl,
    credentials: { ...DEFAULT_SANDBOX_CREDENTIALS },
    budget: new WeightBudget({ ipLimit: 1e9, uidLimit: 1e9 }),
  });
  const viaDirect = await measure("direct to the sandbox", async () => {
    await direct.call("spotOpenOrders", { symbol: "BTCUSDT" });
  });
  const viaProxy = await measure("through the proxy", async () => {
    const res = await fetch(`${appUrl}/api/exchange/spotOpenOrders?symbol=BTCUSDT`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`proxy answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  });
  console.log(`\nsigned read GET /api/v3/openOrders?symbol=BTCUSDT, concurrency ${concurrency}, ${seconds} s each`);
  for (const r of [viaDirect, viaProxy]) {
    console.log(`  ${r.label.padEnd(24)} p50 ${fmt(r.p50, 2)} ms  p99 ${fmt(r.p99, 2)} ms  ${fmt(r.rps, 0)} requests/s  (${r.n} requests)`);
  }
  console.log(`  added by the proxy: p50 +${fmt(viaProxy.p50 - viaDirect.p50, 2)} ms, p99 +${fmt(viaProxy.p99 - viaDirect.p99, 2)} ms; throughput ratio ${fmt(viaProxy.rps / viaDirect.rps, 2)}`);
} finally {
  await app.stop();
}
