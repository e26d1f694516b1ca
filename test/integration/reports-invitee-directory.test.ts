/**
 * The invitee directory against an independent decimal.js computation over the
 * raw rows it is built from (the world's commission items and trade-and-asset
 * days, as loaded into the warehouse), on PGlite and on PostgreSQL: every range
 * figure of every invitee, the order of every figure sort, search, filters, an
 * invitee registered long before the range, and the CSV's batches.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { tradeAssetDaily } from "@/lib/db/schema";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { parseReportFilters, type ReportFilters } from "@/lib/reports/filters";
import { ROSTER_FIGURES, rosterQuerySchema, type InviteeRow, type RosterFigure } from "@/lib/reports/invitees/contract";
import { cohortHref } from "@/lib/reports/entity-links";
import { inviteeReport, inviteeRosterBatches } from "@/lib/reports/invitees/sql";
import { temporaryPostgres } from "../support/postgres";
import { loadCommissions, loadInvitees } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const DAY = 86_400_000;
const TRADE_DAYS = 130;
const world = createAffiliateWorld({ seed: 37, invitees: 400, days: 365, subAffiliates: 3, restate: false }, NOW);
const users = world.invitedUsers(NOW);
const items = world.commissionItems(NOW);
const today = Math.floor(NOW / DAY) * DAY;
/** The raw trade-and-asset day rows the warehouse holds: one UTC day per read, as the sync stores them. */
const tradeDays = Array.from({ length: TRADE_DAYS }, (_, d) => today - d * DAY).flatMap((start) =>
  world.tradeAndAsset(NOW, { startTime: start, endTime: start + DAY - 1 }).map((r) => ({ ...r, day: new Date(start).toISOString().slice(0, 10) })),
);

type Figures = Record<RosterFigure, Decimal | null>;

/** Each invitee's figures over a range, summed with decimal.js from the raw rows: null where no row is in range. */
function expectedFigures(f: ReportFilters, coin: string): Map<string, Figures> {
  const out = new Map<string, Figures>();
  const of = (uid: string): Figures => {
    let e = out.get(uid);
    if (!e) out.set(uid, (e = { commission: null, netFee: null, volume: null, deposits: null, withdrawals: null, netDeposit: null }));
    return e;
  };
  const add = (a: Decimal | null, v: Decimal.Value) => (a ?? new Decimal(0)).plus(v);
  for (const i of items) {
    if (i.coin !== coin || i.date < f.range.startTime || i.date > f.range.endTime) continue;
    const e = of(i.uid);
    e.commission = add(e.commission, i.commission);
    e.netFee = add(e.netFee, i.fee);
  }
  for (const r of tradeDays) {
    if (r.day < f.range.from || r.day > f.range.to) continue;
    const e = of(r.uid);
    e.volume = add(e.volume, new Decimal(r.spotTradingAmount).plus(r.futuresTradingAmount));
    e.deposits = add(e.deposits, r.depositAmount);
    e.withdrawals = add(e.withdrawals, r.withdrawalAmount);
    e.netDeposit = add(e.netDeposit, new Decimal(r.depositAmount).minus(r.withdrawalAmount));
  }
  return out;
}

/** The source of each invitee: the sourceType of their latest item. */
const latestSource = new Map<string, { day: number; type: number }>();
for (const i of items) {
  const seen = latestSource.get(i.uid);
  if (!seen || i.date > seen.day) latestSource.set(i.uid, { day: i.date, type: i.sourceType });
}
const sourceOf = (uid: string) => {
  const s = latestSource.get(uid);
  return s === undefined ? "unknown" : s.type === 2 ? "sub" : "direct";
};

const roster = (q: Record<string, unknown> = {}) => rosterQuerySchema.parse(q);

async function allPages(handle: DbHandle, f: ReportFilters, q: Record<string, unknown>): Promise<InviteeRow[]> {
  const rows: InviteeRow[] = [];
  for (let page = 1; ; page++) {
    const report = await inviteeReport(handle.db, "c1", f, roster({ ...q, page, pageSize: 200 }), NOW);
    rows.push(...report.roster.rows);
    if (rows.length >= report.roster.total) return rows;
  }
}

const sameDecimal = (got: string | null, want: Decimal | null) => (got === null ? want === null : want !== null && new Decimal(got).equals(want));

describe.each([
  ["PGlite", async () => ({ handle: await createDb({ dataDir: "memory" }), drop: async () => {} })],
  [
    "PostgreSQL",
    async () => {
      const pg = await temporaryPostgres();
      return { handle: await createDb({ url: pg.url }), drop: () => pg.drop() };
    },
  ],
] as const)("invitee directory on %s", (_name, open) => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await open());
    await loadInvitees(handle.db, "c1", world, NOW);
    await loadCommissions(handle.db, "c1", world, NOW);
    const rows = tradeDays.map(({ day, ...r }) => ({ connectionId: "c1", day, ...r }));
    for (let i = 0; i < rows.length; i += 1_000) await handle.db.insert(tradeAssetDaily).values(rows.slice(i, i + 1_000));
  }, 120_000);
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it.each([
    ["the last 30 days in USDT", { range: "30d" }, "USDT"],
    ["partial months at both edges, in BTC", { range: "custom", from: "2026-08-10", to: "2026-10-20", coin: "BTC" }, "BTC"],
  ])("lists every invitee whatever the range, each figure equal to the raw rows' decimal sum, every figure sort in order: %s", async (_label, params, coin) => {
    const f = parseReportFilters(params, new Date(NOW));
    const want = expectedFigures(f, coin);
    const rows = await allPages(handle, f, { sort: "uid", dir: "asc" });
    expect(rows.map((r) => r.uid)).toEqual(users.map((u) => u.uid).sort());
    let withFigures = 0;
    for (const r of rows) {
      const e = want.get(r.uid);
      expect(r.coin).toBe(coin);
      for (const figure of ROSTER_FIGURES) expect(sameDecimal(r[figure], e?.[figure] ?? null), `${r.uid} ${figure}`).toBe(true);
      if (e?.commission) withFigures++;
    }
    expect(withFigures).toBeGreaterThan(2);
    for (const figure of ["commission", "netFee", "netDeposit"] as const) {
      const sorted = await allPages(handle, f, { sort: figure, dir: "desc" });
      // Descending by the independent sum (ties and rows without figures by uid, descending), nulls last.
      const order = users
        .map((u) => ({ uid: u.uid, key: want.get(u.uid)?.[figure] ?? null }))
        .sort((a, b) => (a.key === null ? (b.key === null ? b.uid.localeCompare(a.uid) : 1) : b.key === null ? -1 : b.key.comparedTo(a.key) || b.uid.localeCompare(a.uid)))
        .map((x) => x.uid);
      expect(sorted.map((r) => r.uid), figure).toEqual(order);
    }
  });

  it("finds an invitee registered long before the range by a uid prefix, with that range's figures", async () => {
    const f = parseReportFilters({ range: "7d" }, new Date(NOW));
    const want = expectedFigures(f, "USDT");
    const old = users.find((u) => u.registerTime < f.range.startTime - 200 * DAY && want.get(u.uid)?.commission);
    expect(old).toBeDefined();
    const prefix = old!.uid.slice(0, old!.uid.length - 2);
    const report = await inviteeReport(handle.db, "c1", f, roster({ q: prefix, pageSize: 200 }), NOW);
    expect(report.roster.total).toBe(users.filter((u) => u.uid.startsWith(prefix) || u.inviteCode.toLowerCase().startsWith(prefix.toLowerCase())).length);
    const row = report.roster.rows.find((r) => r.uid === old!.uid);
    expect(row).toBeDefined();
    expect(sameDecimal(row!.commission, want.get(old!.uid)!.commission)).toBe(true);
    // "_" is searched as itself, not as LIKE's any-character.
    const underscore = await inviteeReport(handle.db, "c1", f, roster({ q: "_" }), NOW);
    expect(underscore.roster.total).toBe(users.filter((u) => u.inviteCode.startsWith("_")).length);
    // The funnel still counts only those who signed up in the range.
    expect(report.funnel.registered).toBe(users.filter((u) => u.registerTime >= f.range.startTime && u.registerTime <= f.range.endTime).length);
  });

  it("filters by invite code, KYC, status and source, alone and together", async () => {
    const f = parseReportFilters({ range: "30d" }, new Date(NOW));
    const dormantBefore = NOW - 30 * DAY;
    const statusOf = (u: (typeof users)[number]) => (u.lastTrade === null ? "never" : u.lastTrade < dormantBefore ? "dormant" : "active");
    const code = users[3]!.inviteCode;
    const cases: Array<[Record<string, string>, (u: (typeof users)[number]) => boolean]> = [
      [{ code }, (u) => u.inviteCode === code],
      [{ kyc: "no" }, (u) => !u.kycResult],
      [{ status: "never" }, (u) => statusOf(u) === "never"],
      [{ status: "dormant" }, (u) => statusOf(u) === "dormant"],
      [{ status: "active", kyc: "yes" }, (u) => statusOf(u) === "active" && u.kycResult],
      [{ via: "sub" }, (u) => sourceOf(u.uid) === "sub"],
      [{ via: "direct", code }, (u) => sourceOf(u.uid) === "direct" && u.inviteCode === code],
      [{ via: "unknown" }, (u) => sourceOf(u.uid) === "unknown"],
    ];
    for (const [q, keep] of cases) {
      const rows = await allPages(handle, f, { ...q, sort: "uid", dir: "asc" });
      const want = users.filter(keep).map((u) => u.uid).sort();
      expect(want.length, JSON.stringify(q)).toBeGreaterThan(0);
      expect(rows.map((r) => r.uid), JSON.stringify(q)).toEqual(want);
      for (const r of rows) expect(r.source).toBe(sourceOf(r.uid));
    }
  });

  it("lists a retention cohort's people: the sign-up period filter, its link from the matrix, its bounds inclusive", async () => {
    const params = { range: "custom", from: "2026-08-10", to: "2026-10-20" };
    const f = parseReportFilters(params, new Date(NOW));
    const report = await inviteeReport(handle.db, "c1", f, roster(), NOW);
    expect(report.retention.length).toBe(3);
    for (const c of report.retention) {
      const link = new URL(cohortHref(c.cohort, f.range, new URLSearchParams(params)), "http://x");
      const q = Object.fromEntries(["registeredFrom", "registeredTo"].map((k) => [k, link.searchParams.get(k) ?? ""]));
      const rows = await allPages(handle, parseReportFilters(Object.fromEntries(link.searchParams), new Date(NOW)), { ...q, sort: "uid", dir: "asc" });
      expect(rows.length, c.cohort).toBe(c.size);
      const start = Date.parse(`${q.registeredFrom}T00:00:00Z`);
      const end = Date.parse(`${q.registeredTo}T00:00:00Z`) + DAY;
      expect(rows.map((r) => r.uid), c.cohort).toEqual(users.filter((u) => u.registerTime >= start && u.registerTime < end).map((u) => u.uid).sort());
    }
    // One bound alone, and with another filter.
    const code = users[5]!.inviteCode;
    const after = Date.parse("2026-06-01T00:00:00Z");
    const rows = await allPages(handle, f, { registeredFrom: "2026-06-01", code, sort: "uid", dir: "asc" });
    expect(rows.map((r) => r.uid)).toEqual(users.filter((u) => u.registerTime >= after && u.inviteCode === code).map((u) => u.uid).sort());
    const before = await allPages(handle, f, { registeredTo: "2026-01-31", sort: "uid", dir: "asc" });
    expect(before.length).toBe(users.filter((u) => u.registerTime < Date.parse("2026-02-01T00:00:00Z")).length);
  });

  it.each([
    ["commission, descending, a status filter", { sort: "commission", dir: "desc", status: "dormant" }],
    ["net deposit, ascending", { sort: "netDeposit", dir: "asc" }],
    ["status, ascending, a search", { sort: "status", dir: "asc", q: "5" }],
    ["source, descending", { sort: "source", dir: "desc" }],
    ["last trade, ascending", { sort: "lastTrade", dir: "asc", kyc: "yes" }],
  ])("the CSV's keyset batches equal the pages of the view in order: %s", async (_label, q) => {
    const f = parseReportFilters({ range: "90d" }, new Date(NOW));
    const pages = await allPages(handle, f, q);
    expect(pages.length).toBeGreaterThan(30);
    const batches: InviteeRow[] = [];
    for await (const batch of inviteeRosterBatches(handle.db, "c1", f, roster(q), { now: NOW, batchSize: 37 })) batches.push(...batch);
    expect(batches).toEqual(pages);
  });
});
