/**
 * Where the app server's memory goes: its resident set size (RSS, from /proc) right after start,
 * after a warehouse backfill of the demo data, after a burst of report requests, and after a
 * restart on the same data (no migrations to apply, no seeding) — with the peak (VmHWM) alongside.
 * Linux only.
 *
 *   npm run bench:memory -- [--requests 300] [--concurrency 8]
 *
 * The app runs in demo mode as `npm start` runs it (embedded sandbox and PGlite in the same
 * process, a throwaway data folder), the schedule off, and the weight window shortened to 2 s as
 * bench:sync does, so the backfill takes about a minute instead of five.
 */
import { readFileSync, readdirSync } from "node:fs";
import { cookieHeader, signIn, startApp } from "./app-server";
import { flagNumber, fmt } from "./stats";

const args = process.argv.slice(2);
const requests = flagNumber(args, "requests", 300);
const concurrency = flagNumber(args, "concurrency", 8);

/** /proc/<pid>/status fields in kB. */
function status(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line);
    if (match?.[1] && match[2]) out[match[1]] = Number(match[2]);
  }
  return out;
}

/** The app's server process under `root`: `node scripts/serve.mjs` (what `npm start` runs), or a `next-server`. */
function nextServerPid(root: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid: number): boolean => pid === root || (parentOf.has(pid) && pid > 1 && under(parentOf.get(pid) as number));
  for (const pid of parentOf.keys()) {
    if (!under(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes("serve.mjs") || cmdline.includes("next-server")) return pid;
    } catch {
      // gone meanwhile
    }
  }
  throw new Error("no app server process found");
}

const rows: Array<[string, number, number]> = [];
function record(label: string, pid: number): void {
  const s = status(pid);
  rows.push([label, (s.VmRSS ?? 0) / 1024, (s.VmHWM ?? 0) / 1024]);
  console.log(`[memory] ${label}: RSS ${fmt((s.VmRSS ?? 0) / 1024, 0)} MB (peak ${fmt((s.VmHWM ?? 0) / 1024, 0)} MB)`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const env = { SYNC_INTERVAL_MS: "0", SANDBOX_WINDOW_MS: "2000", WEEX_WEIGHT_WINDOW_MS: "2000" };
let app = await startApp(env);
try {
  const pid = nextServerPid(app.process.pid as number);
  const cookie = cookieHeader(await signIn(app.url));
  await sleep(5_000); // let start-up work (migrations, seeding, the sandbox's world) settle
  record("after start (signed in, idle)", pid);

  const started = Date.now();
  const kick = await fetch(`${app.url}/api/sync`, { method: "POST", headers: { cookie } });
  if (kick.status !== 202) throw new Error(`Sync now answered ${kick.status}`);
  for (;;) {
    await sleep(2_000);
    const state = (await (await fetch(`${app.url}/api/sync`, { headers: { cookie } })).json()) as { running: boolean; reports: Array<{ backfillDone: boolean; rowsAdded: number }> };
    if (!state.running) {
      const rowsAdded = state.reports.reduce((sum, r) => sum + r.rowsAdded, 0);
      console.log(`[memory] backfill: ${rowsAdded} rows in ${fmt((Date.now() - started) / 1000, 0)} s, complete: ${state.reports.every((r) => r.backfillDone)}`);
      break;
    }
  }
  record("after the backfill", pid);

  const reports = ["overview", "commissions", "sub-affiliates", "invitees", "trade-assets"];
  const views = ["range=30d", "range=90d", "range=12m", "range=90d&product=FUTURES", "range=12m&interval=month", "range=30d&coin=USDT&source=direct"];
  const urls = Array.from({ length: requests }, (_, i) => `${app.url}/api/reports/${reports[i % reports.length]}?${views[Math.floor(i / reports.length) % views.length]}`);
  const burstStarted = Date.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const res = await fetch(urls[next++] as string, { headers: { cookie } });
        if (res.status !== 200) failed++;
        await res.arrayBuffer();
      }
    }),
  );
  console.log(`[memory] burst: ${requests} report requests, ${concurrency} at a time, in ${fmt((Date.now() - burstStarted) / 1000, 1)} s (${failed} not 200)`);
  record(`after ${requests} report requests`, pid);
  await sleep(10_000);
  record("10 s later", pid);

  await app.stop({ keepData: true });
  app = await startApp(env, app.dataDir);
  const restarted = nextServerPid(app.process.pid as number);
  await signIn(app.url);
  await sleep(5_000);
  record("after a restart on the same data", restarted);

  console.log("\napp server memory (MB)");
  for (const [label, rss, peak] of rows) console.log(`  ${label.padEnd(32)} RSS ${fmt(rss, 0).padStart(5)}  peak ${fmt(peak, 0).padStart(5)}`);
} finally {
  await app.stop();
}
