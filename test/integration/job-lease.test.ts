/**
 * The scheduled-job lease (lib/jobs/lease.ts) and the once-per-slot schedule
 * (lib/jobs/schedule.ts), on PGlite and on PostgreSQL: one holder at a time,
 * renewal while working, a dead holder's lease (a process killed with SIGKILL
 * while holding it) taken over once it expires, and every slot done once.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { jobRuns, jobLeases } from "@/lib/db/schema";
import { leaseHolder, tryTakeLease, withLease } from "@/lib/jobs/lease";
import { dueSlots, runDueSlots, type ScheduledJob } from "@/lib/jobs/schedule";
import { temporaryPostgres } from "../support/postgres";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function suite(name: string, open: () => Promise<{ a: DbHandle; b: DbHandle; url?: string; close(): Promise<void> }>) {
  describe(`job leases on ${name}`, () => {
    let dbs: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      dbs = await open();
    });
    afterAll(async () => {
      await dbs?.close();
    });

    it("lets one holder at a time run; the other is told who holds it; released at the end", async () => {
      const inside = deferred();
      const finish = deferred();
      const first = withLease(dbs.a.db, "exclusive", 60_000, async (lease) => {
        inside.resolve();
        await finish.promise;
        return lease.owner;
      }, { owner: "instance-a" });
      await inside.promise;
      const second = await withLease(dbs.b.db, "exclusive", 60_000, async () => "ran", { owner: "instance-b" });
      expect(second).toEqual({ ran: false, holder: "instance-a" });
      finish.resolve();
      expect(await first).toEqual({ ran: true, value: "instance-a" });
      expect(await leaseHolder(dbs.b.db, "exclusive")).toBeNull();
      expect(await withLease(dbs.b.db, "exclusive", 60_000, async () => "ran", { owner: "instance-b" })).toEqual({ ran: true, value: "ran" });
    });

    it("keeps the lease past its TTL while the work runs (renewal), and releases it when the work throws", async () => {
      let clock = T0;
      const now = () => clock;
      const outcome = withLease(dbs.a.db, "renewed", 1_000, async (lease) => {
        for (let i = 0; i < 5; i++) {
          clock += 600; // 3 s of app time in all, three TTLs
          expect(await lease.renew()).toBe(true);
          expect(await tryTakeLease(dbs.b.db, "renewed", "intruder", 1_000, clock)).toBe(false);
        }
        throw new Error("work failed");
      }, { owner: "worker", now });
      await expect(outcome).rejects.toThrow("work failed");
      expect(await tryTakeLease(dbs.b.db, "renewed", "next", 1_000, clock)).toBe(true);
    });

    it("aborts the holder's signal when its lease was taken over after it stalled", async () => {
      let clock = T0;
      const now = () => clock;
      const outcome = await withLease(dbs.a.db, "stalled", 1_000, async (lease) => {
        clock += 5_000; // stalled past the TTL: another instance takes over
        expect(await tryTakeLease(dbs.b.db, "stalled", "other", 1_000, clock)).toBe(true);
        expect(await lease.renew()).toBe(false);
        return lease.signal.aborted;
      }, { owner: "staller", now });
      expect(outcome).toEqual({ ran: true, value: true });
      // The staller does not release what is no longer its own.
      expect(await leaseHolder(dbs.b.db, "stalled", clock)).toBe("other");
    });

    it("runs every slot once across two instances ticking together, catches up missed slots, redoes a failed one", async () => {
      let clock = T0 + 30_000;
      const now = () => clock;
      const ran: string[] = [];
      let failAt: number | null = null;
      const job: ScheduledJob = {
        name: `every-minute-${name}`,
        everyMs: MINUTE,
        run: async ({ slot, owner }) => {
          if (slot.getTime() === failAt) throw new Error("slot failed");
          ran.push(`${slot.toISOString()} ${owner}`);
        },
      };
      const tickBoth = () => Promise.all([runDueSlots(dbs.a.db, job, { now, owner: "a" }), runDueSlots(dbs.b.db, job, { now, owner: "b" })]);

      await tickBoth(); // first tick ever: the current slot only
      for (let m = 0; m < 4; m++) {
        clock += MINUTE;
        await tickBoth();
      }
      clock += 3 * MINUTE; // nobody ticked for three minutes
      failAt = Math.floor(clock / MINUTE) * MINUTE;
      await expect(runDueSlots(dbs.a.db, job, { now, owner: "a" })).rejects.toThrow("slot failed");
      failAt = null;
      await tickBoth();

      const rows = await dbs.a.db.select().from(jobRuns).where(eq(jobRuns.job, job.name)).orderBy(jobRuns.slot);
      const expected = Array.from({ length: 8 }, (_, i) => new Date(T0 + i * MINUTE).toISOString());
      expect(rows.map((r) => r.slot.toISOString())).toEqual(expected);
      // Each slot's work ran exactly once, by the instance whose row it is.
      expect(ran.map((r) => r.split(" ")[0])).toEqual(expected);
      expect(ran).toEqual(rows.map((r) => `${r.slot.toISOString()} ${r.owner}`));
    });

    it("forgets done slots older than a month, never the newest", async () => {
      const DAY = 86_400_000;
      const job: ScheduledJob = { name: `pruned-${name}`, everyMs: MINUTE, run: async () => {} };
      await dbs.a.db.insert(jobRuns).values([
        { job: job.name, slot: new Date(T0 - 60 * DAY), owner: "long-ago" },
        { job: job.name, slot: new Date(T0 - 20 * DAY), owner: "weeks-ago" },
      ]);
      const result = await runDueSlots(dbs.a.db, job, { now: () => T0 - 20 * DAY + MINUTE + 1_000, owner: "a" });
      expect(result.done.map((d) => d.getTime())).toEqual([T0 - 20 * DAY + MINUTE]);
      const rows = await dbs.a.db.select().from(jobRuns).where(eq(jobRuns.job, job.name)).orderBy(jobRuns.slot);
      expect(rows.map((r) => r.owner)).toEqual(["weeks-ago", "a"]);
    });
  });
}

describe("due slots", () => {
  it("are the current slot the first time, then every slot since the last done, at most maxCatchUp", () => {
    expect(dueSlots(MINUTE, T0 + 5_000, null, 60).map((d) => d.getTime())).toEqual([T0]);
    expect(dueSlots(MINUTE, T0 + 3 * MINUTE, new Date(T0), 60).map((d) => (d.getTime() - T0) / MINUTE)).toEqual([1, 2, 3]);
    expect(dueSlots(MINUTE, T0 + 10 * MINUTE, new Date(T0), 2).map((d) => (d.getTime() - T0) / MINUTE)).toEqual([9, 10]);
    expect(dueSlots(MINUTE, T0 + 59_000, new Date(T0), 60)).toEqual([]);
  });
});

suite("PGlite", async () => {
  const a = await createDb({ dataDir: "memory" });
  return { a, b: a, close: () => a.close() };
});

suite("PostgreSQL", async () => {
  const pg = await temporaryPostgres();
  const a = await createDb({ url: pg.url });
  const b = await createDb({ url: pg.url, migrate: false });
  return {
    a,
    b,
    url: pg.url,
    async close() {
      await a.close();
      await b.close();
      await pg.drop();
    },
  };
});

describe("a lease holder killed with SIGKILL (PostgreSQL, a real second process)", () => {
  let pg: Awaited<ReturnType<typeof temporaryPostgres>>;
  let handle: DbHandle;
  beforeAll(async () => {
    pg = await temporaryPostgres();
    handle = await createDb({ url: pg.url });
  });
  afterAll(async () => {
    await handle?.close();
    await pg?.drop();
  });

  it("leaves its lease until it expires; then the next caller runs", async () => {
    const ttl = 4_000;
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("test", "support", "lease-holder.ts"), pg.url, "killed-job", String(ttl)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const owner = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /held (\S+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("exit", (code) => reject(new Error(`the lease holder exited (${code}) before holding the lease: ${out}`)));
      });
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));

      // Dead, but its lease stands until it expires.
      const refused = await withLease(handle.db, "killed-job", ttl, async () => "ran", { owner: "survivor" });
      expect(refused).toEqual({ ran: false, holder: owner });
      const [row] = await handle.db.select().from(jobLeases).where(eq(jobLeases.name, "killed-job"));
      const later = () => row!.expiresAt + 1; // the app clock moved past the dead holder's lease
      expect(await withLease(handle.db, "killed-job", ttl, async () => "ran", { owner: "survivor", now: later })).toEqual({ ran: true, value: "ran" });
      const [{ n }] = (await handle.db.select({ n: count() }).from(jobLeases)) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, 60_000);
});
