/**
 * Stopping the app mid-sync, and an exchange that bans us, as the app in demo mode meets them (embedded sandbox,
 * PGlite in a temp folder): SIGTERM's shutdown (lib/shutdown.ts, what scripts/serve.mjs runs) stops the run, closes it
 * as interrupted, releases its lease and closes the database cleanly, so a restart resumes at once; a 418 ban is said
 * in words by `GET /api/sync` and by a live read refused meanwhile.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as syncRoute from "@/app/api/sync/route";
import { registerAppShutdown } from "@/lib/app-shutdown";
import { getDb } from "@/lib/db/client";
import { syncRuns, syncState } from "@/lib/db/schema";
import { pooledClient } from "@/lib/exchange/client-pool";
import { resolveConnection } from "@/lib/exchange/connections";
import { liveCallOptions } from "@/lib/exchange/settings";
import { resetShutdownForTests, runShutdown } from "@/lib/shutdown";
import { resumeSyncAfterStop, runSync } from "@/lib/sync/scheduler";
import { LOCK_REPORT } from "@/lib/sync/state";
import { exchangeHoldWords, type SyncStatus } from "@/lib/sync/status";
import { isWeexError } from "@/lib/weex/errors";
import { demoAppSuite } from "../support/demo-app";

// The viewer's status; the session's user outlives the database closing and opening again (its id is in the file).
const app = demoAppSuite("sync-stop", "viewer", {
  SANDBOX_INVITEES: "300",
  SANDBOX_DAYS: "60",
  SANDBOX_BUDGET: "100000",
  // A slow budget (20 pages of 20 weight per 10 s at most): the run is still reading when it is stopped.
  WEEX_WEIGHT_LIMIT: "400",
  SYNC_HISTORY_DAYS: "60",
});

const status = async () => (await (await syncRoute.GET(new Request("http://localhost/api/sync"))).json()) as SyncStatus;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a clean stop", () => {
  it("SIGTERM's shutdown stops the run mid-window, closes it as interrupted, releases the lease and closes PGlite; a restart resumes at once", async () => {
    registerAppShutdown();
    const running = runSync("sandbox").then(
      () => "finished",
      () => "stopped",
    );
    const db = await getDb();
    await waitFor("a few pages read", async () => {
      const pages = (await db.select().from(syncState).where(eq(syncState.connectionId, "sandbox")))
        .map((s) => (s.progress as { pagesDone?: number } | null)?.pagesDone ?? 0)
        .reduce((a, b) => a + b, 0);
      return pages >= 3 ? pages : undefined;
    });
    expect(existsSync(path.join(app.dataDir, "pglite", "postmaster.pid"))).toBe(true);

    const stopping = Date.now();
    await runShutdown();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(await running).toBe("stopped");
    // The database was closed cleanly: nothing left to make `npm run sync` blame a crash.
    expect(existsSync(path.join(app.dataDir, "pglite", "postmaster.pid"))).toBe(false);

    // The next start: the run is closed as interrupted, the lease is free, no report reads as running.
    resetShutdownForTests();
    resumeSyncAfterStop();
    const again = await getDb();
    const [last] = await again.select().from(syncRuns).where(eq(syncRuns.connectionId, "sandbox")).orderBy(desc(syncRuns.startedAt)).limit(1);
    expect(last?.outcome).toBe("interrupted");
    expect(last?.finishedAt).not.toBeNull();
    const [lock] = await again.select().from(syncState).where(and(eq(syncState.connectionId, "sandbox"), eq(syncState.report, LOCK_REPORT)));
    expect(lock?.progress).toBeNull();
    expect((await status()).reports.filter((r) => r.progress?.running)).toEqual([]);

    // It resumes at once (the lease is not waited out): a new run holds the lease and logs its start within 2 s.
    const restarted = Date.now();
    const resumed = runSync("sandbox").catch(() => undefined);
    const next = await waitFor("the next run's start", async () => {
      const [row] = await again.select().from(syncRuns).where(eq(syncRuns.connectionId, "sandbox")).orderBy(desc(syncRuns.startedAt)).limit(1);
      return row && row.id !== last?.id ? row : undefined;
    });
    expect(next.startedAt.getTime() - restarted).toBeLessThan(2_000);
    // Stopped again, as the app would be: this test has shown what it is for.
    registerAppShutdown();
    await runShutdown();
    await resumed;
    resetShutdownForTests();
    resumeSyncAfterStop();
    await getDb();
  }, 120_000);
});

describe("a ban", () => {
  it("is said in words by GET /api/sync and by a live read refused meanwhile, which sends nothing", async () => {
    const sandbox = app.sandbox;
    const connection = (await resolveConnection("sandbox"))!;
    const { client } = pooledClient(connection);
    sandbox.faults.inject("account", { kind: "status", status: 418, retryAfterSeconds: 120 });
    const first = await client.call("account", {}, liveCallOptions()).then(() => null, (e: unknown) => e);
    expect(isWeexError(first) && first.status).toBe(418);

    const hold = await waitFor("the ban in the status", async () => {
      const s = await status();
      return s.exchangeHold?.status === 418 ? s.exchangeHold : undefined;
    }, 5_000);
    expect(hold.until - Date.now()).toBeGreaterThan(100_000);
    const at = (ms: number) => new Date(ms).toISOString().slice(11, 19);
    expect(exchangeHoldWords(hold, at)).toBe(`The exchange banned this address until ${at(hold.until)} (HTTP 418, after too many requests); nothing is sent to it before then.`);

    // A live read meanwhile is refused at once with the reason, and nothing reaches the exchange.
    const sentBefore = sandbox.requestCounts.get("account") ?? 0;
    const started = Date.now();
    const second = await client.call("account", {}, liveCallOptions()).then(() => null, (e: unknown) => e);
    expect(sandbox.requestCounts.get("account") ?? 0).toBe(sentBefore);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(isWeexError(second) && second.msg).toMatch(/^the exchange told us to stop sending for now \(HTTP 429, or a 418 ban\); nothing was sent, retry in 1\d\d s$/);
  });
});
