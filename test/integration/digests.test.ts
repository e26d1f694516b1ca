/**
 * Digests end to end on the database, PGlite and PostgreSQL: a due digest is
 * one run and one outbox row per target even when two ticks (two Db handles on
 * one PostgreSQL database) run at once; the body's figures are the report
 * answer's; the skip rules; a run killed midway is finished without a second
 * message; catch-up runs only the latest occurrence; a creator who lost the
 * role pauses the digest; the unsubscribe link removes its recipient.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, updateUserRole } from "@/lib/auth/users";
import { resetMasterKeyCache } from "@/lib/crypto/master-key";
import { createDb, queryRows, type Db, type DbHandle } from "@/lib/db/client";
import { digestRuns, shareLinks, type DigestRow } from "@/lib/db/schema";
import { formatCoinAmount, formatCount } from "@/lib/format/amount";
import { digestPeriod } from "@/lib/digests/period";
import { sendDigestNow, tickDigests, type RunnerOptions } from "@/lib/digests/runner";
import { findDigest } from "@/lib/digests/store";
import { applyUnsubscribe, inspectUnsubscribe } from "@/lib/digests/unsubscribe";
import { mailMessageSchema, webhookMessageSchema } from "@/lib/notify/outbox";
import { OVERVIEW_FIGURES, type OverviewAnswer } from "@/lib/reports/overview/contract";
import { parseReportFilters } from "@/lib/reports/filters";
import { answerReport } from "@/lib/reports/run";
import { scopeParams } from "@/lib/share/scope";
import { DAY, DATA, EMPTY, MONDAY_DUE, deliveriesOf, dueDigest, loadDigestWorld, runsOf } from "../support/digest-world";
import { temporaryPostgres } from "../support/postgres";

process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
resetMasterKeyCache();

const options: RunnerOptions = { instance: "test-a", appUrl: "http://app.test" };

function digestSuite(name: string, open: () => Promise<{ a: DbHandle; b: DbHandle; close(): Promise<void> }>) {
  describe(`digests on ${name}`, () => {
    let a: Db;
    let b: Db;
    let owner: string;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const handles = await open();
      a = handles.a.db;
      b = handles.b.db;
      close = handles.close;
      owner = await loadDigestWorld(a);
    }, 120_000);
    afterAll(async () => close());

    it("a due digest is one run and one message per target, even when two ticks run at once", async () => {
      const digest = await dueDigest(a, owner, MONDAY_DUE);
      const at = new Date(MONDAY_DUE + 20_000);
      const [x, y] = await Promise.all([tickDigests(a, at, options), tickDigests(b, at, { ...options, instance: "test-b" })]);
      expect(x.started.length + y.started.length).toBe(1);
      const runs = await runsOf(a, digest.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: "queued", kind: "scheduled", periodFrom: "2026-11-16", periodTo: "2026-11-22", attempts: 1 });
      const sent = await deliveriesOf(a, digest.id);
      expect(sent.map((d) => d.dedupeKey).sort()).toEqual([
        `digest:${digest.id}:2026-11-23T07:00:00.000Z:mail:a@example.com`,
        `digest:${digest.id}:2026-11-23T07:00:00.000Z:mail:b@example.com`,
        `digest:${digest.id}:2026-11-23T07:00:00.000Z:webhook:wh_1`,
      ]);
      // The next occurrence is the following Monday, and ticking again changes nothing.
      expect((await findDigest(a, digest.id))?.nextDueAt.toISOString()).toBe("2026-11-30T07:00:00.000Z");
      await Promise.all([tickDigests(a, new Date(MONDAY_DUE + 60_000), options), tickDigests(b, new Date(MONDAY_DUE + 60_000), options)]);
      expect(await runsOf(a, digest.id)).toHaveLength(1);
      expect(await deliveriesOf(a, digest.id)).toHaveLength(3);
    });

    it("says the report answer's figures, exactly, with the PDF, the share link and a signed unsubscribe link", async () => {
      const digest = await dueDigest(a, owner, MONDAY_DUE, { label: "Figures check" });
      await tickDigests(a, new Date(MONDAY_DUE + 1000), options);
      const query = scopeParams({ from: "2026-11-16", to: "2026-11-22", interval: "day", tz: "UTC" });
      const answer = (await answerReport(a, DATA, "overview", parseReportFilters(query, new Date(MONDAY_DUE)), query)) as OverviewAnswer;
      const previousQuery = scopeParams({ from: "2026-11-09", to: "2026-11-15", interval: "day", tz: "UTC" });
      const previous = (await answerReport(a, DATA, "overview", parseReportFilters(previousQuery, new Date(MONDAY_DUE)), previousQuery)) as OverviewAnswer;
      expect(answer.coverage.state).toBe("complete");
      expect(Number(answer.current.commission)).toBeGreaterThan(0);
      const rows = await deliveriesOf(a, digest.id);
      const mail = mailMessageSchema.parse(rows.find((r) => r.channel === "mail")?.message);
      expect(mail.text).toContain(`Commission: ${formatCoinAmount(answer.current.commission, "USDT")} USDT`);
      expect(mail.text).toContain(`Invitees with commission items: ${formatCount(answer.current.activeTraders)}`);
      expect(mail.html).toContain(`${formatCoinAmount(answer.current.netDeposits, "USDT")} USDT`);
      expect(mail.html).not.toMatch(/<img|src=/);
      const [run] = await runsOf(a, digest.id);
      expect(mail.attachments).toEqual([{ kind: "share-pdf", linkId: run?.shareLinkId, filename: "overview_2026-11-16_2026-11-22.pdf" }]);
      const [link] = await a.select().from(shareLinks).where(eq(shareLinks.id, run?.shareLinkId ?? ""));
      expect(link).toMatchObject({ report: "overview", mode: "live", internal: false, createdBy: owner, scope: expect.objectContaining({ from: "2026-11-16", to: "2026-11-22" }) });
      expect(mail.text).toMatch(/Open the view \(no sign-in needed\): http:\/\/app\.test\/r\/[A-Za-z0-9_-]{43}/);
      const hook = webhookMessageSchema.parse(rows.find((r) => r.channel === "webhook")?.message);
      const figures = hook.body.figures as Array<{ key: string; value: string | null; previous: string | null; change: string | null }>;
      for (const f of OVERVIEW_FIGURES) {
        const got = figures.find((x) => x.key === f.key);
        expect(got?.value).toBe(answer.current[f.key]);
        expect(got?.previous).toBe(previous.current[f.key]);
      }
      expect(hook.body.period).toEqual({ from: "2026-11-16", to: "2026-11-22" });
      expect(hook.text).toContain("*Figures check*");
      // The unsubscribe link of recipient a removes a only, and a second use changes nothing.
      const token = /\/unsubscribe\/([^\s]+)/.exec(mail.text)?.[1] ?? "";
      const to = (rows.find((r) => r.channel === "mail")?.target as { to: string[] }).to[0];
      expect(await inspectUnsubscribe(a, token, new Date(MONDAY_DUE))).toEqual({ state: "ready", label: "Figures check", email: to });
      expect((await findDigest(a, digest.id))?.mailTo).toContain(to);
      await applyUnsubscribe(a, token, new Date(MONDAY_DUE));
      const after = await findDigest(a, digest.id);
      expect(after?.mailTo).not.toContain(to);
      expect(after?.mailTo).toHaveLength(1);
      expect(after?.pausedAt).toBeNull();
      expect((await applyUnsubscribe(a, token, new Date(MONDAY_DUE))).state).toBe("already");
      expect((await inspectUnsubscribe(a, `${token.slice(0, -2)}AA`, new Date(MONDAY_DUE))).state).toBe("invalid");
      expect((await inspectUnsubscribe(a, token, new Date(MONDAY_DUE + 91 * DAY))).state).toBe("expired");
    });

    it("skips an empty period, and an unchanged one, but never a 'send now'", async () => {
      const empty = await dueDigest(a, owner, MONDAY_DUE, { skipWhenEmpty: true }, EMPTY);
      await tickDigests(a, new Date(MONDAY_DUE + 1000), options);
      expect(await runsOf(a, empty.id)).toMatchObject([{ status: "skipped", skipReason: "nothing happened in the period" }]);
      expect(await deliveriesOf(a, empty.id)).toHaveLength(0);

      // A connection the warehouse holds nothing of: its period is not synced, not empty. Sent, and says so.
      const unsynced = await dueDigest(a, owner, MONDAY_DUE, { skipWhenEmpty: true, label: "Never synced" }, "c-never-synced");
      await tickDigests(a, new Date(MONDAY_DUE + 1000), options);
      expect(await runsOf(a, unsynced.id)).toMatchObject([{ status: "queued" }]);
      const unsyncedRows = await deliveriesOf(a, unsynced.id);
      const unsyncedMail = mailMessageSchema.parse(unsyncedRows.find((r) => r.channel === "mail")?.message);
      expect(unsyncedMail.text).toContain("Commission: not synced yet (no change computed: this period is not synced yet)");
      expect(unsyncedMail.text).not.toMatch(/nothing happened|nothing in the previous|no activity/);
      const unsyncedHook = webhookMessageSchema.parse(unsyncedRows.find((r) => r.channel === "webhook")?.message);
      expect((unsyncedHook.body.figures as Array<{ value: string | null; blank: string | null }>).every((f) => f.value === null && f.blank === "not synced yet")).toBe(true);

      const unchanged = await dueDigest(a, owner, MONDAY_DUE, { skipWhenUnchanged: true, mailTo: ["c@example.com"], webhookEndpointIds: [] }, EMPTY);
      await tickDigests(a, new Date(MONDAY_DUE + 1000), options);
      await tickDigests(a, new Date(MONDAY_DUE + 7 * DAY + 1000), options);
      const runs = (await runsOf(a, unchanged.id)).sort((x, y) => x.dueAt.getTime() - y.dueAt.getTime());
      expect(runs.map((r) => r.status)).toEqual(["queued", "skipped"]);
      expect(runs[1]?.skipReason).toMatch(/^nothing changed since the digest of 2026-11-23 07:00 UTC/);
      expect(await deliveriesOf(a, unchanged.id)).toHaveLength(1);

      const manual = await sendDigestNow(a, (await findDigest(a, empty.id)) as DigestRow, new Date(MONDAY_DUE + 2 * DAY), options);
      expect(manual).toMatchObject({ status: "queued", kind: "manual" });
      // Its next week (23–29 Nov, synced up to the 24th) is only partly held: not "empty", so it was sent too.
      const emptyRuns = (await runsOf(a, empty.id)).filter((r) => r.kind === "scheduled").sort((x, y) => x.dueAt.getTime() - y.dueAt.getTime());
      expect(emptyRuns.map((r) => r.status)).toEqual(["skipped", "queued"]);
      expect(await deliveriesOf(a, empty.id)).toHaveLength(6);
    });

    it("finishes a run whose instance died midway without a second message, and gives up after three failures", async () => {
      const digest = await dueDigest(a, owner, MONDAY_DUE, { label: "Crash" });
      await tickDigests(a, new Date(MONDAY_DUE + 1000), options);
      const [run] = await runsOf(a, digest.id);
      // As if the instance had been killed after queuing its messages, before marking the run done.
      await a.update(digestRuns).set({ status: "running", finishedAt: null, leaseOwner: "dead", leaseUntil: new Date(MONDAY_DUE + 5000) }).where(eq(digestRuns.id, run?.id ?? ""));
      const before = await deliveriesOf(a, digest.id);
      const during = await tickDigests(b, new Date(MONDAY_DUE + 4000), options); // the lease still holds
      expect(during.resumed.filter((r) => r.digestId === digest.id)).toHaveLength(0);
      const later = await tickDigests(b, new Date(MONDAY_DUE + 200_000), { ...options, instance: "test-b" });
      expect(later.resumed.find((r) => r.digestId === digest.id)).toMatchObject({ status: "queued", attempts: 2, shareLinkId: run?.shareLinkId });
      const after = await deliveriesOf(a, digest.id);
      expect(after.map((d) => d.id).sort()).toEqual(before.map((d) => d.id).sort());

      // A run that cannot be done (its stored period is unreadable) fails three times, then is given up.
      await a.update(digestRuns).set({ status: "running", periodFrom: "not-a-day", leaseUntil: new Date(MONDAY_DUE), attempts: 1 }).where(eq(digestRuns.id, run?.id ?? ""));
      let t = MONDAY_DUE + 300_000;
      for (let i = 0; i < 4; i += 1, t += 10 * 60_000) await tickDigests(a, new Date(t), options);
      const [failed] = await runsOf(a, digest.id);
      expect(failed).toMatchObject({ status: "failed", attempts: 3 });
      expect(failed?.lastError).toBeTruthy();
    });

    it("after downtime runs only the latest missed occurrence", async () => {
      const digest = await dueDigest(a, owner, MONDAY_DUE - 21 * DAY, { schedule: { kind: "daily", time: "08:00", timeZone: "Europe/Berlin" } });
      await tickDigests(a, new Date(MONDAY_DUE + 3 * 3_600_000), options);
      const runs = await runsOf(a, digest.id);
      expect(runs.map((r) => r.dueAt.toISOString())).toEqual(["2026-11-23T07:00:00.000Z"]);
      expect(digestPeriod("daily", MONDAY_DUE)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
      expect(runs[0]).toMatchObject({ periodFrom: "2026-11-22", periodTo: "2026-11-22" });
      expect((await findDigest(a, digest.id))?.nextDueAt.toISOString()).toBe("2026-11-24T07:00:00.000Z");
    });

    it("pauses a digest whose creator lost the analyst role, and sends nothing", async () => {
      const viewer = await createUser(a, { email: "leaver@example.com", password: "a long password 2", role: "analyst" }, { bcryptCost: 4 });
      const digest = await dueDigest(a, viewer?.id ?? "", MONDAY_DUE, { label: "Leaver" });
      await updateUserRole(a, viewer?.id ?? "", "viewer");
      await tickDigests(a, new Date(MONDAY_DUE + 1000), options);
      expect(await runsOf(a, digest.id)).toMatchObject([{ status: "skipped", skipReason: "its creator no longer has the analyst role" }]);
      expect(await deliveriesOf(a, digest.id)).toHaveLength(0);
      expect(await findDigest(a, digest.id)).toMatchObject({ pausedReason: "Paused: its creator no longer has the analyst role" });
      const [row] = await queryRows<{ n: number }>(a, sql`select count(*)::int as n from digests where paused_at is not null and id = ${digest.id}`);
      expect(row?.n).toBe(1);
    });
  });
}

digestSuite("PGlite", async () => {
  const handle = await createDb({ dataDir: "memory" });
  return { a: handle, b: handle, close: () => handle.close() };
});
digestSuite("PostgreSQL (two handles)", async () => {
  const pg = await temporaryPostgres();
  const a = await createDb({ url: pg.url });
  const b = await createDb({ url: pg.url, migrate: false });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await pg.drop();
    },
  };
});
