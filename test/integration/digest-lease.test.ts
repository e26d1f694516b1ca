/**
 * A digest run keeps its lease while it works (lib/digests/run-lease.ts), on
 * PostgreSQL with two Db handles as two instances. A step is made slow for real:
 * another session holds a table lock the step needs (sync_state, which the
 * figures read; deliveries, which the messages go to), while the app clock
 * (lib/clock.ts, TEST_CLOCK_FILE) moves past the lease and a second runner ticks.
 * Not on PGlite: one process, one connection, so a blocked statement holds up
 * every other and there is no "meanwhile" (the runner's other paths run on
 * PGlite in digests.test.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { now } from "@/lib/clock";
import { resetMasterKeyCache } from "@/lib/crypto/master-key";
import { createDb, type Db, type DbHandle } from "@/lib/db/client";
import { shareLinks, type DeliveryRow, type DigestRunRow } from "@/lib/db/schema";
import { tickDigests, type RunnerOptions, type TickResult } from "@/lib/digests/runner";
import { tokenForLink } from "@/lib/share/token";
import { MONDAY_DUE, deliveriesOf, dueDigest, loadDigestWorld, runsOf } from "../support/digest-world";
import { temporaryPostgres } from "../support/postgres";

process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
resetMasterKeyCache();

const LEASE_MS = 120_000;
const runnerA: RunnerOptions = { instance: "test-a", appUrl: "http://app.test", leaseMs: LEASE_MS, renewEveryMs: 50 };
const runnerB: RunnerOptions = { ...runnerA, instance: "test-b" };
/** A holder frozen for the whole test (a long GC pause, a stopped VM): its timer never renews in time. */
const frozenA: RunnerOptions = { ...runnerA, renewEveryMs: 3_600_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const clockDir = mkdtempSync(path.join(tmpdir(), "digest-lease-clock-"));
const clockFile = path.join(clockDir, "offset");
process.env.TEST_CLOCK_FILE = clockFile;
/** Sets the app clock (every reader of lib/clock.ts, the runner's lease renewals included) to `at`. */
const setClock = (at: number) => writeFileSync(clockFile, String(at - Date.now()));
const moveClock = (ms: number) => setClock(now().getTime() + ms);

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(25);
  }
  throw new Error(`timed out waiting until ${what}`);
}

interface TableLock {
  /** How many sessions wait for the table now (the figures read it on two connections at once). */
  waiting(): Promise<number>;
  /** Waits until more than `n` sessions wait for the table (a runner is stuck in its slow step). */
  moreWaitingThan(n: number): Promise<number>;
  release(): Promise<void>;
}
const heldLocks = new Set<TableLock>();

/** Another session holding `table` locked (no reads, no writes) until released: a step that needs it waits. */
async function lockTable(url: string, table: "sync_state" | "deliveries"): Promise<TableLock> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query("begin");
  await client.query(`lock table ${table} in access exclusive mode`);
  const lock: TableLock = {
    async waiting() {
      const { rows } = await client.query<{ n: number }>("select count(distinct pid)::int as n from pg_locks where not granted and relation = $1::regclass", [table]);
      return rows[0]?.n ?? 0;
    },
    moreWaitingThan: (n) => until(`more than ${n} sessions wait for ${table}`, async () => {
      const now = await lock.waiting();
      return now > n ? now : undefined;
    }),
    async release() {
      if (!heldLocks.delete(lock)) return;
      await client.query("commit");
      await client.end();
    },
  };
  heldLocks.add(lock);
  return lock;
}

const ofDigest = (result: TickResult, id: string) => [...result.started, ...result.resumed].filter((r: DigestRunRow) => r.digestId === id);
const linksLabelled = (db: Db, label: string) => db.select().from(shareLinks).where(like(shareLinks.label, `Digest: ${label} (%`));
const targets = (rows: DeliveryRow[]) => rows.map((d) => JSON.stringify(d.target)).sort();
const ALL_TARGETS = [JSON.stringify({ to: ["a@example.com"] }), JSON.stringify({ to: ["b@example.com"] }), JSON.stringify({ endpointId: "wh_1" })].sort();

describe("a digest run's lease on PostgreSQL (two instances)", () => {
  let pg: { url: string; drop(): Promise<void> };
  let handleA: DbHandle;
  let handleB: DbHandle;
  let a: Db;
  let b: Db;
  let owner: string;
  beforeAll(async () => {
    pg = await temporaryPostgres();
    handleA = await createDb({ url: pg.url });
    handleB = await createDb({ url: pg.url, migrate: false });
    a = handleA.db;
    b = handleB.db;
    owner = await loadDigestWorld(a);
  }, 120_000);
  /** A due digest whose run A starts at MONDAY_DUE + 1 s and that is stuck on `table` once this resolves. */
  async function stuckRun(label: string, table: "sync_state" | "deliveries", runner: RunnerOptions) {
    const digest = await dueDigest(a, owner, MONDAY_DUE, { label });
    setClock(MONDAY_DUE + 1000);
    const lock = await lockTable(pg.url, table);
    const running = tickDigests(a, now(), runner);
    await lock.moreWaitingThan(0);
    return { digest, lock, running };
  }

  afterEach(async () => {
    vi.restoreAllMocks();
    for (const lock of heldLocks) await lock.release(); // a failed test must not leave the next one blocked
  });
  afterAll(async () => {
    await handleA.close();
    await handleB.close();
    await pg.drop();
    rmSync(clockDir, { recursive: true, force: true });
  });

  it("keeps the lease of a run slower than the lease: a second runner ticking meanwhile does not take it over", async () => {
    const { digest, lock, running } = await stuckRun("Slow figures", "sync_state", runnerA);
    // Five minutes pass (more than twice the lease) while the figures are being computed.
    for (let i = 0; i < 5; i += 1) {
      moveClock(60_000);
      await sleep(200);
    }
    const meanwhile = await tickDigests(b, now(), runnerB);
    expect(ofDigest(meanwhile, digest.id)).toEqual([]);
    const [held] = await runsOf(a, digest.id);
    expect(held).toMatchObject({ status: "running", leaseOwner: "test-a", attempts: 1 });
    expect(held?.leaseUntil?.getTime()).toBeGreaterThan(now().getTime());
    await lock.release();
    expect(ofDigest(await running, digest.id)).toMatchObject([{ status: "queued", attempts: 1, leaseOwner: null }]);
    expect(await linksLabelled(a, "Slow figures")).toHaveLength(1);
    expect(targets(await deliveriesOf(a, digest.id))).toEqual(ALL_TARGETS);
  });

  it("stops a holder that lost its lease before its next effect; the run is done once, by the holder that took it over", async () => {
    const warn = vi.spyOn(console, "warn");
    const { digest, lock, running: stalled } = await stuckRun("Stalled", "sync_state", frozenA);
    await sleep(200); // both of A's figure queries are waiting
    const waitingA = await lock.waiting();
    moveClock(LEASE_MS + 60_000);
    // B takes the run over (its claim commits), then waits for the figures too.
    const takeover = tickDigests(b, now(), runnerB);
    const claimed = await until("B has claimed the run", async () => (await runsOf(a, digest.id)).find((r) => r.leaseOwner === "test-b"));
    expect(claimed).toMatchObject({ status: "running", attempts: 2 });
    await lock.moreWaitingThan(waitingA);
    await lock.release();
    const [fromA, fromB] = await Promise.all([stalled, takeover]);
    expect(ofDigest(fromB, digest.id)).toMatchObject([{ status: "queued", attempts: 2 }]);
    // A read the figures, then found the run gone before making a share link: it made none and queued nothing.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("the lease was lost before making its share link"));
    expect(ofDigest(fromA, digest.id).every((r) => r.attempts === 2)).toBe(true);
    const [done] = await runsOf(a, digest.id);
    const links = await linksLabelled(a, "Stalled");
    expect(links.map((l) => l.id)).toEqual([done?.shareLinkId]);
    const sent = await deliveriesOf(a, digest.id);
    expect(targets(sent)).toEqual(ALL_TARGETS);
    // Every message points to that link.
    expect(sent.every((d) => JSON.stringify(d.message).includes(`/r/${tokenForLink(done?.shareLinkId ?? "")}`))).toBe(true);
  });

  it("a takeover after the share link was made reuses it: one link and one message per recipient", async () => {
    const warn = vi.spyOn(console, "warn");
    // A makes the link, then waits to queue its first message.
    const { digest, lock, running: stalled } = await stuckRun("Stalled at the outbox", "deliveries", frozenA);
    const [linked] = await runsOf(a, digest.id);
    expect(linked?.shareLinkId).toBeTruthy();
    moveClock(LEASE_MS + 60_000);
    const takeover = tickDigests(b, now(), runnerB);
    await lock.moreWaitingThan(1);
    await lock.release();
    const [, fromB] = await Promise.all([stalled, takeover]);
    expect(ofDigest(fromB, digest.id)).toMatchObject([{ status: "queued", attempts: 2, shareLinkId: linked?.shareLinkId }]);
    // A queued what it had begun (the dedupe keys kept each message single) but could not record the run as its own.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("the lease was lost before recording its outcome"));
    expect((await linksLabelled(a, "Stalled at the outbox")).map((l) => l.id)).toEqual([linked?.shareLinkId]);
    const sent = await deliveriesOf(b, digest.id);
    expect(targets(sent)).toEqual(ALL_TARGETS);
    const [done] = await runsOf(a, digest.id);
    expect(done).toMatchObject({ status: "queued", attempts: 2, leaseOwner: null, shareLinkId: linked?.shareLinkId });
    expect(await a.select().from(shareLinks).where(eq(shareLinks.id, linked?.shareLinkId ?? ""))).toHaveLength(1);
  });
});
