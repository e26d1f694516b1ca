/**
 * Many instances, digests: two real `npm start` processes on one PostgreSQL
 * database and one Redis (test/support/instances.ts), one sandbox exchange, one
 * app clock the test moves (TEST_CLOCK_FILE), and a real SMTP server in this
 * process receiving every mail (SMTP_URL of both instances). N digests, daily at
 * consecutive local minutes, are made through one instance's API; the clock is
 * moved minute by minute, and along the way
 *   - one instance is killed with SIGKILL while it holds a delivery claim (its
 *     lease in `deliveries`, caught by polling), then started again;
 *   - one is killed in the middle of a digest run (its lease held; the run held
 *     where it queues its messages by a lock on `deliveries`), then started
 *     again: a later tick finishes the run once its lease has expired;
 *   - then one instance is killed in the middle of a send: the SMTP server has
 *     the whole message, the instance is stopped (SIGSTOP) before it reads the
 *     "250 OK", the server answers, then the instance is killed (SIGKILL) — the
 *     one gap the outbox cannot close, between the server's acceptance and our
 *     commit; the other instance finishes alone.
 * What is guaranteed, and asserted:
 *   - exactly once in the database: one digest run per (digest, due instant), one
 *     delivery row per recipient of each run, every delivery ends `sent`;
 *   - at least once at the SMTP server, with a stable Message-ID: every delivery's
 *     Message-ID arrives; a second copy (same Message-ID, so receivers drop it)
 *     only of a message whose claim a killed instance held — and the message
 *     killed after the server accepted it arrives exactly twice.
 * Takes under a minute once built (about 45 s at a load average of ~12 on 2
 * cores), plus the build `npm start` makes when `.next` is missing or stale.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { deliveries, digestRuns, digests } from "@/lib/db/schema";
import { runDedupePrefix } from "@/lib/digests/store";
import type { RunningSandbox } from "@/lib/sandbox";
import { startTestSandbox } from "../support/exchange";
import { signInOverHttp } from "../support/http-sign-in";
import { holdInstancesLock, killAllInstances, startInstance, waitFor, waitHealthy, type AppInstance } from "../support/instances";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { killDuringClaim, killDuringRun, liveInstanceOf, lockOutbox, MidSendStopper, type MidSend } from "../support/outbox-kills";
import { temporaryPostgres } from "../support/postgres";
import { REDIS_TEST_URL } from "../support/redis";

// Ports of their own: the other multi-instance file (3208, 3209) runs beside this one.
const PORTS = [Number(process.env.MULTI_DIGESTS_PORT_A ?? 3210), Number(process.env.MULTI_DIGESTS_PORT_B ?? 3211)] as const;
const MINUTE = 60_000;
const DIGESTS = 8;
const ZONE = "Asia/Kolkata"; // a zone 5:30 from UTC: the schedule's local times are the zone's
const MAIL_DOMAIN = "multi.test";
const ADMIN = { email: "ops@multi.test", password: "multi-instance-password" };
const SMTP = { user: "rebate-desk", password: "multi-smtp-password" };

let sandbox: RunningSandbox;
let smtp: TestMailServer;
let pg: Awaited<ReturnType<typeof temporaryPostgres>>;
let handle: DbHandle;
let dir: string;
let clockFile: string;
let offsetMs = 0;
let env: Record<string, string>;
const instances: AppInstance[] = [];

const appNow = () => Date.now() + offsetMs;
/** Moves every instance's clock forward to `at` (never back: leases and schedules read it). */
function clockTo(at: number): void {
  offsetMs += Math.max(0, at - appNow());
  writeFileSync(clockFile, String(offsetMs));
}

function launch(index: 0 | 1): AppInstance {
  const name = index === 0 ? "A" : "B";
  const instance = startInstance(name, PORTS[index], { ...env, DATA_DIR: path.join(dir, `data-${name}`) });
  instances[index] = instance;
  return instance;
}
const logs = () => instances.map((i) => `--- ${i.name}\n${i.tail(25)}`).join("\n");
/** A lease held by no running instance: a killed one's, until it expires. */
const deadOwner = (owner: string | null) => owner !== null && liveInstanceOf(instances, owner) === undefined;
const stopper = new MidSendStopper(() => handle.db, instances);

const localTime = (at: number) => new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
const recipientsOf = (i: number) => (i % 2 === 0 ? [`digest${i}@${MAIL_DOMAIN}`] : [`digest${i}a@${MAIL_DOMAIN}`, `digest${i}b@${MAIL_DOMAIN}`]);
const messageIdOf = (deliveryId: string) => `<${deliveryId}@${MAIL_DOMAIN}>`;
const receivedCount = (deliveryId: string) => smtp.received.filter((m) => m.parsed.messageId === messageIdOf(deliveryId)).length;

let releaseInstancesLock: (() => void) | undefined;

beforeAll(async () => {
  releaseInstancesLock = await holdInstancesLock(20 * MINUTE); // while a first instance may build the app
  dir = mkdtempSync(path.join(tmpdir(), "rd-multi-digests-"));
  clockFile = path.join(dir, "clock-offset");
  writeFileSync(clockFile, "0");
  sandbox = await startTestSandbox({ days: 20, invitees: 60 });
  smtp = await startMailServer(SMTP, { beforeAccept: (parsed) => stopper.beforeAccept(String(parsed.headers.get("x-delivery-id") ?? "")) });
  pg = await temporaryPostgres();
  handle = await createDb({ url: pg.url });
  env = {
    DATABASE_URL: pg.url,
    REDIS_URL: REDIS_TEST_URL,
    WEEX_SPOT_BASE_URL: sandbox.url,
    WEEX_API_KEY: sandbox.options.apiKey,
    WEEX_API_SECRET: sandbox.options.secret,
    WEEX_API_PASSPHRASE: sandbox.options.passphrase,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TEST_CLOCK_FILE: clockFile,
    SYNC_INTERVAL_MS: "0", // digests read the warehouse as it is (empty: "partial", said so); no sync needed here
    DIGEST_TICK_MS: "1000",
    DELIVERY_INTERVAL_MS: "1000",
    SMTP_URL: smtp.url,
    MAIL_FROM: `Rebate Desk <digests@${MAIL_DOMAIN}>`,
  };
  await waitHealthy(launch(0), 15 * MINUTE);
  // The build is there now (`npm test` makes it first; else this instance made it): the other file may start too.
  releaseInstancesLock?.();
  await waitHealthy(launch(1), 3 * MINUTE);
}, 40 * MINUTE);

afterAll(async () => {
  stopper.disarm();
  await Promise.all(instances.map((i) => i.stop().catch(() => {})));
  killAllInstances();
  await smtp?.close();
  await sandbox?.close();
  await handle?.close();
  await pg?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  releaseInstancesLock?.();
}, 2 * MINUTE);

/**
 * Everything due by now is done, except what a killed instance holds (its lease
 * not yet expired): every due digest has its run, every run is queued, every
 * delivery is sent. A failed run or delivery fails the test at once.
 */
async function settled(dueAts: number[]): Promise<boolean> {
  const now = appNow();
  const runs = await handle.db.select().from(digestRuns);
  const rows = await handle.db.select().from(deliveries);
  const failed = [...runs, ...rows].filter((r) => r.status === "failed");
  if (failed.length > 0) throw new Error(`failed: ${failed.map((r) => `${r.id}: ${r.lastError}`).join("; ")}`);
  if (runs.length < dueAts.filter((t) => t <= now).length) return false;
  if (!runs.every((r) => r.status === "queued" || deadOwner(r.leaseOwner))) return false;
  return rows.every((r) => r.status === "sent" || deadOwner(r.leaseOwner));
}

/** The deliveries whose lease a killed instance still holds (until it expires). */
async function claimsOfTheDead(): Promise<string[]> {
  const pending = await handle.db.select().from(deliveries).where(eq(deliveries.status, "pending"));
  return pending.filter((r) => deadOwner(r.leaseOwner)).map((r) => r.id);
}

async function allDone(): Promise<boolean> {
  const [runs, rows] = await Promise.all([handle.db.select().from(digestRuns), handle.db.select().from(deliveries)]);
  return runs.length === DIGESTS && runs.every((r) => r.status === "queued") && rows.every((r) => r.status === "sent");
}

describe("two app instances deliver every digest exactly once", () => {
  it("one run per due instant, one delivery per recipient, every mail at the SMTP server; killed senders lose nothing", async () => {
    const jar = await signInOverHttp(instances[0]!.url, ADMIN.email, ADMIN.password);
    const firstDue = Math.ceil(appNow() / MINUTE) * MINUTE + 2 * MINUTE;
    const dueAts = Array.from({ length: DIGESTS }, (_, i) => firstDue + i * MINUTE);
    const made: Array<{ id: string; dueAt: number; to: string[] }> = [];
    for (const [i, dueAt] of dueAts.entries()) {
      const to = recipientsOf(i);
      const res = await fetch(`${instances[0]!.url}/api/digests`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie: jar },
        body: JSON.stringify({ report: "overview", query: "range=7d", label: `Minute ${i}`, schedule: { kind: "daily", time: localTime(dueAt), timeZone: ZONE }, mailTo: to }),
      });
      const body = (await res.json()) as { digest?: { id: string } };
      expect(res.status, JSON.stringify(body)).toBe(201);
      made.push({ id: body.digest!.id, dueAt, to });
    }
    // Each falls due at its own minute of today (made well before it).
    const stored = await handle.db.select().from(digests);
    expect(Object.fromEntries(stored.map((d) => [d.id, d.nextDueAt.getTime()]))).toEqual(Object.fromEntries(made.map((d) => [d.id, d.dueAt])));

    let claimKilled: AppInstance | null = null;
    let midSend: MidSend | null = null;
    let killedAtStep = -1;
    const heldByKilled = new Set<string>();
    let runKilled: { runId: string; step: number } | null = null;
    const started = Date.now();
    for (let step = 0; step < DIGESTS; step++) {
      const releaseOutbox = claimKilled !== null && runKilled === null && step > killedAtStep ? await lockOutbox(pg.url) : null;
      const midSendArmed: boolean = runKilled !== null && midSend === null && step > runKilled.step;
      const stopped: Promise<MidSend> | null = midSendArmed ? stopper.arm() : null;
      clockTo(firstDue + step * MINUTE + 5_000);
      if (releaseOutbox) {
        let killed: { runId: string; instance: AppInstance };
        try {
          killed = await killDuringRun(handle.db, instances, dueAts[step]!, logs);
        } finally {
          await releaseOutbox();
        }
        runKilled = { runId: killed.runId, step };
        // Its run stays `running` under its lease (2 minutes on the app clock); a later tick of either instance finishes it.
        await waitHealthy(launch(instances.indexOf(killed.instance) as 0 | 1), 3 * MINUTE);
      }
      if (claimKilled === null) {
        const killed = await killDuringClaim(handle.db, instances, appNow, () => settled(dueAts), logs);
        if (killed !== "missed") {
          claimKilled = killed;
          killedAtStep = step;
          for (const id of await claimsOfTheDead()) heldByKilled.add(id);
          // Back it comes; the claims it held stay leased until they expire (5 minutes on the app clock).
          await waitHealthy(launch(instances.indexOf(killed) as 0 | 1), 3 * MINUTE);
        }
      }
      if (stopped) {
        const result: MidSend | null = await Promise.race([stopped, waitFor("this minute's work", () => settled(dueAts), 4 * MINUTE, logs).then(() => null)]);
        if (result) {
          midSend = result;
          await result.instance.kill(); // the SMTP server has answered "250 OK"; the sender never reads it
          for (const id of await claimsOfTheDead()) heldByKilled.add(id);
        } else stopper.disarm();
      }
      await waitFor(`the work due by minute ${step}`, () => settled(dueAts), 4 * MINUTE, logs);
    }
    // What killed instances left leased (deliveries 5 minutes, digest runs 2) is taken over once the clock is past it.
    const [leftRuns, leftRows] = await Promise.all([handle.db.select().from(digestRuns), handle.db.select().from(deliveries)]);
    const leases = [...leftRuns, ...leftRows].filter((r) => r.status !== "queued" && r.status !== "sent" && deadOwner(r.leaseOwner));
    clockTo(Math.max(appNow(), ...leases.map((r) => (r.leaseUntil?.getTime() ?? 0) + 5_000)));
    await waitFor("every run queued and every delivery sent", () => allDone(), 6 * MINUTE, logs);
    console.log(`[multi-digests] ${made.length} digests, ${(await handle.db.select().from(deliveries)).length} deliveries, ${smtp.received.length} mails received, ${heldByKilled.size} claims held by killed instances, in ${Math.round((Date.now() - started) / 1000)} s of steps`);
    expect(claimKilled, "an instance was killed while it held a delivery claim").not.toBeNull();
    expect(midSend, "an instance was killed after the SMTP server accepted its message").not.toBeNull();
    expect(runKilled, "an instance was killed in the middle of a digest run").not.toBeNull();

    // Exactly once in the database: one run per digest and due instant, one delivery per recipient, all sent.
    const runs = await handle.db.select().from(digestRuns);
    const rows = await handle.db.select().from(deliveries);
    for (const digest of made) {
      const own = runs.filter((r) => r.digestId === digest.id);
      expect(own.map((r) => [r.dueAt.getTime(), r.kind, r.status])).toEqual([[digest.dueAt, "scheduled", "queued"]]);
      const mails = rows.filter((r) => r.originId === digest.id);
      const prefix = runDedupePrefix(digest.id, new Date(digest.dueAt));
      expect(mails.map((r) => r.dedupeKey).sort()).toEqual(digest.to.map((to) => `${prefix}mail:${to}`).sort());
      expect(mails.map((r) => (r.target as { to: string[] }).to).sort()).toEqual(digest.to.map((to) => [to]).sort());
    }
    // The run whose instance was killed midway was finished by a later tick: taken over once (attempts count takeovers).
    expect(runs.find((r) => r.id === runKilled!.runId)?.attempts).toBeGreaterThanOrEqual(2);
    expect(rows).toHaveLength(made.reduce((n, d) => n + d.to.length, 0));
    expect(rows.every((r) => r.status === "sent")).toBe(true);

    // At least once at the SMTP server, each copy under its delivery's Message-ID, to its recipient, with its digest's
    // name (the warehouse was never synced: "partial data", said so) and the report's PDF.
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const mail of smtp.received) {
      const id = String(mail.parsed.headers.get("x-delivery-id"));
      const row = byId.get(id);
      expect(mail.parsed.messageId).toBe(messageIdOf(id));
      expect(mail.envelopeTo).toEqual((row?.target as { to: string[] } | undefined)?.to);
      expect(mail.parsed.subject).toMatch(new RegExp(`^Minute ${made.findIndex((d) => d.id === row?.originId)} — .*\\(partial data\\)$`));
      expect(mail.parsed.attachments.map((a) => [a.contentType, a.content.subarray(0, 5).toString("latin1")])).toEqual([["application/pdf", "%PDF-"]]);
    }
    // A second copy only of a message whose claim a killed instance held; the one killed after acceptance arrives twice.
    expect([...heldByKilled]).toContain(midSend!.deliveryId);
    for (const row of rows) {
      const copies = receivedCount(row.id);
      if (row.id === midSend!.deliveryId) expect(copies, "the message killed after acceptance is sent again").toBe(2);
      else if (heldByKilled.has(row.id)) expect([1, 2], `${row.id}, claimed by a killed instance`).toContain(copies);
      else expect(copies, `${row.id} arrives once`).toBe(1);
      // Taken over after the lease expired: the claim counts as an attempt.
      if (heldByKilled.has(row.id)) expect(row.attempts).toBeGreaterThanOrEqual(2);
    }
    expect(smtp.received.length).toBe(rows.reduce((n, r) => n + receivedCount(r.id), 0));
  }, 40 * MINUTE);
});
