/** The Invitees report against an independent computation over the same seeded invitees and items. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { parseReportFilters } from "@/lib/reports/filters";
import { rosterQuerySchema } from "@/lib/reports/invitees/contract";
import { inviteeReport } from "@/lib/reports/invitees/sql";
import { loadCommissions, loadInvitees } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 31, invitees: 500, days: 150, subAffiliates: 4, restate: false }, NOW);
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadInvitees(handle.db, "c1", world, NOW);
  await loadCommissions(handle.db, "c1", world, NOW);
});
afterAll(() => handle.close());

const users = world.invitedUsers(NOW);
const roster = (q: Record<string, unknown> = {}) => rosterQuerySchema.parse(q);

describe("invitee report", () => {
  it("registrations per day and the funnel equal counts over the same invitees", async () => {
    const f = parseReportFilters({ range: "90d" }, new Date(NOW));
    const mine = users.filter((u) => u.registerTime >= f.range.startTime && u.registerTime <= f.range.endTime);
    const report = await inviteeReport(handle.db, "c1", f, roster(), NOW);
    expect(report.funnel).toMatchObject({
      registered: mine.length,
      kyc: mine.filter((u) => u.kycResult).length,
      deposited: mine.filter((u) => u.firstDeposit !== null).length,
      traded: mine.filter((u) => u.firstTrade !== null).length,
    });
    const hours = mine.filter((u) => u.firstDeposit !== null).map((u) => ((u.firstDeposit as number) - u.registerTime) / 3_600_000).sort((a, b) => a - b);
    const mid = hours.length / 2;
    const median = hours.length % 2 ? hours[Math.floor(mid)]! : (hours[mid - 1]! + hours[mid]!) / 2;
    expect(report.funnel.medianHoursToDeposit).toBeCloseTo(median, 6);
    const perDay = new Map<string, number>();
    for (const u of mine) {
      const day = new Date(u.registerTime).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Object.fromEntries(report.registrations.map((r) => [r.bucket, r.count]))).toEqual(Object.fromEntries(perDay));
  });

  it("a code from Invite codes (?code=…) narrows the funnel, registrations and retention to that code's sign-ups", async () => {
    const f = parseReportFilters({ range: "custom", from: "2026-07-01", to: "2026-11-20" }, new Date(NOW));
    const inRange = users.filter((u) => u.registerTime >= f.range.startTime && u.registerTime <= f.range.endTime);
    const code = inRange[0]!.inviteCode;
    const mine = inRange.filter((u) => u.inviteCode === code);
    expect(mine.length).toBeLessThan(inRange.length);
    const report = await inviteeReport(handle.db, "c1", f, roster({ code }), NOW);
    expect(report.funnel).toMatchObject({
      registered: mine.length,
      kyc: mine.filter((u) => u.kycResult).length,
      deposited: mine.filter((u) => u.firstDeposit !== null).length,
      traded: mine.filter((u) => u.firstTrade !== null).length,
    });
    expect(report.registrations.reduce((n, r) => n + r.count, 0)).toBe(mine.length);
    const sizes = new Map<string, number>();
    for (const u of mine) sizes.set(new Date(u.registerTime).toISOString().slice(0, 7), (sizes.get(new Date(u.registerTime).toISOString().slice(0, 7)) ?? 0) + 1);
    expect(Object.fromEntries(report.retention.map((c) => [c.cohort, c.size]))).toEqual(Object.fromEntries(sizes));
  });

  it("the directory lists every invitee whatever the range, sorts, searches and pages; dormancy means traded before and silent for N days", async () => {
    const f = parseReportFilters({ range: "custom", from: "2026-07-01", to: "2026-11-20" }, new Date(NOW));
    const mine = users;
    const first = await inviteeReport(handle.db, "c1", f, roster({ sort: "uid", dir: "asc", pageSize: 10 }), NOW);
    expect(first.roster.total).toBe(mine.length);
    expect(first.roster.rows.map((r) => r.uid)).toEqual(mine.map((u) => u.uid).sort().slice(0, 10));
    const second = await inviteeReport(handle.db, "c1", f, roster({ sort: "uid", dir: "asc", pageSize: 10, page: 2 }), NOW);
    expect(second.roster.rows.map((r) => r.uid)).toEqual(mine.map((u) => u.uid).sort().slice(10, 20));
    const code = mine[0]!.inviteCode;
    const byCode = await inviteeReport(handle.db, "c1", f, roster({ q: code, pageSize: 200 }), NOW);
    expect(byCode.roster.total).toBe(mine.filter((u) => u.inviteCode.toLowerCase().startsWith(code.toLowerCase()) || u.uid.startsWith(code)).length);
    const dormant = await inviteeReport(handle.db, "c1", f, roster({ pageSize: 200, dormantDays: 30 }), NOW);
    for (const r of dormant.roster.rows) {
      expect(r.dormant).toBe(r.lastTrade !== null && r.lastTrade < NOW - 30 * 86_400_000);
      expect(r.status).toBe(r.lastTrade === null ? "never" : r.dormant ? "dormant" : "active");
    }
    const byLastTrade = await inviteeReport(handle.db, "c1", f, roster({ sort: "lastTrade", dir: "desc", pageSize: 200 }), NOW);
    const times = byLastTrade.roster.rows.map((r) => r.lastTrade).filter((t): t is number => t !== null);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  // Whole signup months come from the trigger-kept matrix, partial ones at the edges are counted live, and an
  // invitee filter counts everything live: every shape must give the same matrix as counting the items directly.
  it.each([
    ["whole months and a partial month ending now", { range: "custom", from: "2026-07-01", to: "2026-11-20" }],
    ["partial months at both edges, in the past", { range: "custom", from: "2026-07-10", to: "2026-10-20" }],
    ["inside one month", { range: "custom", from: "2026-09-05", to: "2026-09-25" }],
    ["a year to now", { range: "12m" }],
  ])("retention equals the share of each signup-month cohort with items in each later month: %s", async (_label, params) => {
    const f = parseReportFilters(params, new Date(NOW));
    const report = await inviteeReport(handle.db, "c1", f, roster(), NOW);
    const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);
    const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
    const activeMonths = new Map<string, Set<string>>();
    for (const i of world.commissionItems(NOW)) {
      const months = activeMonths.get(i.uid) ?? new Set<string>();
      months.add(month(i.date));
      activeMonths.set(i.uid, months);
    }
    const expected = new Map<string, { size: number; active: Map<number, number> }>();
    for (const u of users.filter((x) => x.registerTime >= f.range.startTime && x.registerTime <= f.range.endTime)) {
      const cohort = month(u.registerTime);
      const c = expected.get(cohort) ?? { size: 0, active: new Map<number, number>() };
      c.size += 1;
      for (const m of activeMonths.get(u.uid) ?? []) {
        const k = monthIndex(m) - monthIndex(cohort);
        if (k >= 0) c.active.set(k, (c.active.get(k) ?? 0) + 1);
      }
      expected.set(cohort, c);
    }
    const want = [...expected]
      .filter(([, c]) => c.active.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([cohort, c]) => {
        const last = Math.max(...c.active.keys());
        return { cohort, size: c.size, active: Array.from({ length: last + 1 }, (_, k) => ((c.active.get(k) ?? 0) / c.size).toFixed(4)) };
      });
    expect(want.length).toBeGreaterThan(0);
    expect(report.retention).toEqual(want);
    // One invitee: the same cohort row, counted live.
    const one = users.find((u) => u.registerTime >= f.range.startTime && u.registerTime <= f.range.endTime && activeMonths.has(u.uid));
    const single = await inviteeReport(handle.db, "c1", parseReportFilters({ ...params, uid: one!.uid }, new Date(NOW)), roster(), NOW);
    expect(single.retention.map((r) => r.cohort)).toEqual([month(one!.registerTime)]);
  });
});
