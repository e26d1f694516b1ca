/**
 * Coverage of report answers after a partial sync: a warehouse synced from the
 * sandbox over HTTP with a history shorter than the range asked. Every report's
 * answer carries the coverage of its own sources; days before history are
 * marked "not synced", never passed off as zero; covered buckets equal an
 * independent decimal sum over the world's raw rows; a running backfill says
 * so; invitee milestones carry the last full read's "as of". PGlite and PostgreSQL.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import type { RunningSandbox } from "@/lib/sandbox";
import { REPORT_CONTRACTS } from "@/lib/reports/contracts";
import type { AnswerCoverage } from "@/lib/reports/contracts/report-contract";
import { parseReportFilters } from "@/lib/reports/filters";
import { REPORT_NAMES } from "@/lib/reports/names";
import { answerReport } from "@/lib/reports/run";
import { syncConnection } from "@/lib/sync/engine";
import { DAY_MS, earliestDay, utcDay } from "@/lib/sync/windows";
import { clientFor, startTestSandbox } from "../support/exchange";
import { temporaryPostgres } from "../support/postgres";

const HISTORY_DAYS = 20; // the world has 120 days: a 40-day range reaches 20 days before history
let clock = utcDay(Date.now()) + 12 * 3_600_000;
const now = () => clock;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ budget: 1_000_000, now });
});
afterAll(async () => {
  await sandbox.close();
});

const sync = (handle: DbHandle, extra: { recentOnly?: boolean } = {}) =>
  syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "c1", now, historyDays: HISTORY_DAYS, ...extra });

/** A custom range of 40 days ending today. */
function beforeHistoryParams(interval = "day"): URLSearchParams {
  return new URLSearchParams({ range: "custom", from: iso(clock - 39 * DAY_MS), to: iso(clock), interval });
}

/** USDT commission per UTC day of the world's raw items (decimal.js). */
function worldCommissionPerDay(): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const i of sandbox.world.affiliate.commissionItems(clock)) {
    if (i.coin !== "USDT") continue;
    const day = iso(i.date);
    out.set(day, (out.get(day) ?? new Decimal(0)).plus(i.commission));
  }
  return out;
}

async function expectPartialBeforeHistory(handle: DbHandle) {
  const historyFrom = iso(earliestDay(clock, HISTORY_DAYS));
  const world = sandbox.world.affiliate;
  // The detail reports name their invitee or sub-affiliate (their page's path): one the world has, with activity.
  const needs: Partial<Record<(typeof REPORT_NAMES)[number], string>> = {
    invitee: world.commissionItems(clock).find((i) => i.date >= clock - 10 * DAY_MS)!.uid,
    "sub-affiliate": world.subAffiliateRecords(clock)[0]!.subAffiliateUid,
  };
  for (const name of REPORT_NAMES) {
    const params = beforeHistoryParams();
    const uid = needs[name];
    if (uid) params.set("uid", uid);
    const answer = await answerReport(handle.db, "c1", name, parseReportFilters(params, new Date(clock)), params);
    // The contract's own schema accepts the envelope (share links and snapshots parse it).
    const parsed = REPORT_CONTRACTS[name].answer.parse(answer) as { coverage: AnswerCoverage; dataAsOf: number | null; buckets?: string[] };
    const c = parsed.coverage;
    expect(c.state, name).toBe("partial");
    expect(c.historyFrom, name).toBe(historyFrom);
    expect(c.loading, name).toBe(false);
    expect(c.coveredDays, name).toBe(HISTORY_DAYS);
    expect(c.rangeDays, name).toBe(40);
    expect(c.note, name).toContain(`history from ${historyFrom}`);
    expect(parsed.dataAsOf, name).toBe(clock);
    // Day buckets: the 20 days before history are "not synced", the rest covered.
    expect(c.buckets.filter((b) => b.state === "uncovered").map((b) => b.bucket), name).toEqual(
      Array.from({ length: 20 }, (_, k) => iso(clock - (39 - k) * DAY_MS)),
    );
    expect(c.buckets.filter((b) => b.state === "covered")).toHaveLength(20);
    // A report's own buckets are the coverage's, one for one.
    if (parsed.buckets) expect(parsed.buckets, name).toEqual(c.buckets.map((b) => b.bucket));
  }
}

describe("report coverage after a partial sync (PGlite)", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory" });
  });
  afterAll(() => handle.close());

  it("marks a running backfill as still loading", async () => {
    const first = await sync(handle, { recentOnly: true });
    expect(first.reports.filter((r) => r.error)).toEqual([]);
    const params = new URLSearchParams({ range: "30d", interval: "week" });
    const answer = await answerReport(handle.db, "c1", "commissions", parseReportFilters(params, new Date(clock)), params);
    expect(answer.coverage.loading).toBe(true);
    expect(answer.coverage.state).toBe("partial");
    expect(answer.coverage.note).toMatch(/^Still loading history: 3 days of 4 weeks synced so far/);
    expect(answer.coverage.buckets.at(-1)?.state).not.toBe("uncovered");
    expect(answer.coverage.buckets[0]?.state).toBe("uncovered");
  });

  it("every report's answer carries the coverage of its sources: a range before history is marked, not zero", async () => {
    const result = await sync(handle);
    expect(result.reports.filter((r) => r.error)).toEqual([]);
    await expectPartialBeforeHistory(handle);
  });

  it("covered buckets equal the world's raw rows; the uncovered ones held real commission the warehouse lacks", async () => {
    const params = beforeHistoryParams();
    const answer = await answerReport(handle.db, "c1", "overview", parseReportFilters(params, new Date(clock)), params);
    const truth = worldCommissionPerDay();
    const states = new Map(answer.coverage.buckets.map((b) => [b.bucket, b.state]));
    let uncoveredWithCommission = 0;
    for (const point of answer.trend) {
      const expected = truth.get(point.bucket) ?? new Decimal(0);
      if (states.get(point.bucket) === "covered") expect(new Decimal(point.commission).eq(expected), point.bucket).toBe(true);
      else if (!expected.isZero()) uncoveredWithCommission += 1;
    }
    // Drawn as zero, these days would lie: the exchange has commission on them.
    expect(uncoveredWithCommission).toBeGreaterThan(10);
    // The Overview's comparisons reach before history: the page gives the reason instead of a change.
    expect(answer.coverage.historyFrom).toBe(iso(earliestDay(clock, HISTORY_DAYS)));
  });

  it("invitee milestones carry the last full read's as-of; other reports their own", async () => {
    const fullReadAt = clock;
    clock += 5 * 60_000;
    try {
      // Within 15 minutes of the last full read: invited users are read for recent registrations only.
      await sync(handle, { recentOnly: true });
      const params = new URLSearchParams({ range: "7d" });
      const filters = parseReportFilters(params, new Date(clock));
      const invitees = await answerReport(handle.db, "c1", "invitees", filters, params);
      const commissions = await answerReport(handle.db, "c1", "commissions", filters, params);
      expect(commissions.dataAsOf).toBe(clock);
      expect(invitees.dataAsOf).toBe(fullReadAt);
      expect(invitees.coverage.sources.find((s) => s.source === "getAffiliateUIDs:full-read")?.asOf).toBe(fullReadAt);
      expect(invitees.coverage.sources.find((s) => s.source === "getAffiliateUIDs")?.asOf).toBe(clock);
    } finally {
      clock = fullReadAt;
    }
  });
});

describe("report coverage after a partial sync (PostgreSQL)", () => {
  it("every report's answer carries the coverage of its sources", async () => {
    const pg = await temporaryPostgres();
    const handle = await createDb({ url: pg.url });
    try {
      const result = await sync(handle);
      expect(result.reports.filter((r) => r.error)).toEqual([]);
      await expectPartialBeforeHistory(handle);
    } finally {
      await handle.close();
      await pg.drop();
    }
  });
});
