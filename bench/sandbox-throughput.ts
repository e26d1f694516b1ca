/**
 * Sandbox throughput: signed GET requests per second on this machine.
 *
 *   npm run bench:sandbox -- [--seconds 10] [--concurrency 32]
 *
 * Signed requests are built by hand (timestamp, HMAC over the exact bytes) and
 * sent with node:http over keep-alive connections from the same process (both
 * share this machine's 2 cores), so the figure includes the caller's signing;
 * the sandbox's weight budget is raised out of the way, since the sandbox's
 * own speed is measured.
 */
import { Agent, request } from "node:http";
import { startSandbox } from "../lib/sandbox";
import { sign } from "../lib/weex/sign";
import { flagNumber, fmt, percentile } from "./stats";

const args = process.argv.slice(2);
const seconds = flagNumber(args, "seconds", 10);
const concurrency = flagNumber(args, "concurrency", 32);

const sandbox = await startSandbox({ budget: 1e12, seed: 42 });
const { apiKey, secret, passphrase } = sandbox.options;
const path = "/api/v3/allOrders";
const query = "symbol=BTCUSDT&limit=10";

const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const target = new URL(sandbox.url);

function signedGet(): Promise<number> {
  const timestamp = String(Date.now());
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: `${path}?${query}`,
        headers: {
          "ACCESS-KEY": apiKey,
          "ACCESS-PASSPHRASE": passphrase,
          "ACCESS-TIMESTAMP": timestamp,
          "ACCESS-SIGN": sign(secret, { timestamp, method: "GET", path, query, body: "" }),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

// Warm up (JIT, the account's data, connections).
await Promise.all(Array.from({ length: concurrency }, () => signedGet()));

const latencies: number[] = [];
const deadline = performance.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) latencies.push(await signedGet());
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
agent.destroy();
await sandbox.close();

console.log(`sandbox signed GET ${path}?${query}`);
console.log(`  ${latencies.length} requests in ${fmt(elapsed, 2)} s, concurrency ${concurrency}`);
console.log(`  throughput: ${fmt(latencies.length / elapsed, 0)} requests/s`);
console.log(`  latency p50 ${fmt(percentile(latencies, 50), 2)} ms, p99 ${fmt(percentile(latencies, 99), 2)} ms`);
