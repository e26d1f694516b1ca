/**
 * Daily closes and USDT valuation against the sandbox over real HTTP and a real PGlite: the sync
 * fills the closes; the USDT totals over 7/30/90/365 days equal an independent computation from the
 * world's raw commission rows and the sandbox's raw candles (decimal.js here, never our code); a day
 * without a price is "not valued"; the UTC+8 basis; a connection without K-lines.
 */
import Decimal from "decimal.js";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, queryRows, type DbHandle } from "@/lib/db/client";
import { priceCloses, syncState } from "@/lib/db/schema";
import { setPriceBasis } from "@/lib/prices/basis";
import { commissionAllCoins, pricesUsed, valuationRows } from "@/lib/prices/period-values";
import { dailyConditions } from "@/lib/reports/sql";
import { valueAmounts } from "@/lib/prices/valuation";
import { parseReportFilters } from "@/lib/reports/filters";
import { overviewReport } from "@/lib/reports/overview/sql";
import { commissionReport, commissionRowsOf } from "@/lib/reports/commissions/sql";
import { inviteeDetailReport } from "@/lib/reports/invitee/sql";
import type { RunningSandbox } from "@/lib/sandbox";
import { syncConnection } from "@/lib/sync/engine";
import { clientFor, startTestSandbox } from "../support/exchange";
import { rawCloses as rawClosesOf } from "../support/candles";
import { loadCommissions, loadInvitees } from "../support/warehouse";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const Exact = Decimal.clone({ precision: 1000 });
/** A fixed clock at 09:30 UTC: today's 1d candle and the UTC+8 basis's 15:00 candle are both still to come. */
const clock = Math.floor(Date.now() / DAY) * DAY + 9.5 * HOUR;
const now = () => clock;
const today = Math.floor(clock / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ days: 420, invitees: 120, budget: 1_000_000, now });
});
afterAll(() => sandbox.close());

const rawCloses = (symbol: string, interval: "1d" | "1h", from: number) => rawClosesOf(sandbox, symbol, interval, from, clock);

/** Σ USDT items + Σ BTC items × that day's close, over [from, today], from the world's raw rows. */
function truth(closeOf: (day: number) => string | undefined, from: number): { usdt: string; unpriced: string } {
  return truthBetween(closeOf, from, Number.POSITIVE_INFINITY);
}

/** The same over the UTC days [from, to]. */
function truthBetween(closeOf: (day: number) => string | undefined, from: number, to: number): { usdt: string; unpriced: string } {
  let usdt = new Exact(0);
  let unpriced = new Exact(0);
  for (const item of sandbox.world.affiliate.commissionItems(clock)) {
    if (item.date < from || item.date >= to + DAY) continue;
    if (item.coin === "USDT") usdt = usdt.plus(item.commission);
    else {
      const close = closeOf(item.date);
      if (close === undefined) unpriced = unpriced.plus(item.commission);
      else usdt = usdt.plus(new Exact(item.commission).times(close));
    }
  }
  return { usdt: usdt.toFixed(), unpriced: unpriced.toFixed() };
}

/** The reports' USDT total of every coin over [from, today] (the daily rollup valued at each day's close), and what was not valued. */
async function allCoinsSince(handle: DbHandle, id: string, from: number): Promise<{ total: string | null; notValued: Array<{ coin: string; commission: string; days: number }> }> {
  const rows = { table: sql`commission_day`, where: dailyConditions(id, from, today + DAY - 1) };
  const [total, prices] = await Promise.all([commissionAllCoins(handle.db, id, rows), pricesUsed(handle.db, id, rows)]);
  return { total, notValued: prices.notValued };
}

const syncPricesOnly = (handle: DbHandle, id: string, on: RunningSandbox = sandbox) =>
  syncConnection({ db: handle.db, client: clientFor(on), connectionId: id, now, reports: ["prices"] });

async function firstCommissionDay(handle: DbHandle, id: string): Promise<number> {
  const [row] = await queryRows<{ first: string }>(handle.db, sql`select min(day)::text as first from commission_items where connection_id = ${id} and coin = 'BTC'`);
  return new Date(row!.first).getTime();
}

describe("daily closes and USDT values", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory" });
    await loadCommissions(handle.db, "c1", sandbox.world.affiliate, clock);
    // The invitees too: an invitee's page answers only for a uid the warehouse lists.
    await loadInvitees(handle.db, "c1", sandbox.world.affiliate, clock);
  }, 120_000);
  afterAll(() => handle.close());

  it("the sync fills a close per day back to the first BTC commission; a second run asks only for today", async () => {
    const first = await syncPricesOnly(handle, "c1");
    expect(first.reports).toEqual([expect.objectContaining({ report: "prices", rowsAdded: expect.any(Number) })]);
    expect(first.reports[0]?.error).toBeUndefined();
    const firstDay = await firstCommissionDay(handle, "c1");
    // BTC items reach back past 90 days (the world's commission history itself past a year).
    expect(today - firstDay).toBeGreaterThan(90 * DAY);
    const [oldest] = await queryRows<{ first: string }>(handle.db, sql`select min(day)::text as first from commission_items where connection_id = 'c1'`);
    expect(today - new Date(oldest!.first).getTime()).toBeGreaterThan(365 * DAY);
    const rows = await handle.db.select().from(priceCloses).where(eq(priceCloses.connectionId, "c1"));
    expect(rows).toHaveLength((today - firstDay) / DAY + 1);
    expect(rows.every((r) => r.symbol === "BTCUSDT" && r.basis === "utc")).toBe(true);
    expect(rows.filter((r) => !r.final).map((r) => r.day)).toEqual([iso(today)]);
    const again = await syncPricesOnly(handle, "c1");
    expect(again.reports[0]).toMatchObject({ pages: 1, rowsAdded: 0 });
  });

  it("USDT totals over 7, 30, 90 days and a year equal the raw candles × the raw rows", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 400 * DAY);
    for (const days of [7, 30, 90, 365]) {
      const from = today - (days - 1) * DAY;
      const expected = truth((day) => closes.get(day), from);
      expect(expected.unpriced).toBe("0");
      const total = await allCoinsSince(handle, "c1", from);
      expect(new Exact(total.total!).toFixed(), `${days} days`).toBe(expected.usdt);
      expect(total.notValued).toEqual([]);
      // The JS valuation of the same rows, summed here.
      const items = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.date >= from);
      const valued = await valueAmounts(handle.db, "c1", items.map((i) => ({ coin: i.coin, day: iso(i.date), amount: i.commission })));
      const sum = valued.rows.reduce((s, r) => (r.status === "valued" ? s.plus(r.usdt) : s), new Exact(0));
      expect(sum.toFixed(), `${days} days (valueAmounts)`).toBe(expected.usdt);
    }
  });

  it("each row carries its own day's close, never another day's; a day without a price is not valued", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 10 * DAY);
    const day = today - 5 * DAY;
    const before = await valueAmounts(handle.db, "c1", [{ coin: "BTC", day: iso(day), amount: "0.00023008" }, { coin: "USDT", day: iso(day), amount: "912.28" }]);
    expect(before.rows[0]).toMatchObject({ status: "valued", price: closes.get(day), priceSymbol: "BTCUSDT", priceDay: iso(day), final: true });
    expect(before.rows[0]?.status === "valued" && before.rows[0].usdt).toBe(new Exact("0.00023008").times(closes.get(day)!).toFixed());
    expect(before.rows[1]).toMatchObject({ status: "valued", usdt: "912.28", price: "1" });
    await handle.db.delete(priceCloses).where(and(eq(priceCloses.connectionId, "c1"), eq(priceCloses.day, iso(day))));
    const after = await valueAmounts(handle.db, "c1", [{ coin: "BTC", day: iso(day), amount: "0.00023008" }, { coin: "ETH", day: iso(day), amount: "1" }]);
    expect(after.rows).toEqual([
      { coin: "BTC", day: iso(day), amount: "0.00023008", status: "not-valued", reason: "no-price" },
      { coin: "ETH", day: iso(day), amount: "1", status: "not-valued", reason: "no-price" },
    ]);
    const expected = truth((d) => (d === day ? undefined : closes.get(d)), today - 6 * DAY);
    const total = await allCoinsSince(handle, "c1", today - 6 * DAY);
    // A total that left the unpriced day out would be wrong: none is given, and what was not valued is said per coin.
    expect(total.total).toBe(expected.unpriced === "0" ? expected.usdt : null);
    expect(total.notValued.map((n) => [n.coin, new Exact(n.commission).toFixed()])).toEqual(expected.unpriced === "0" ? [] : [["BTC", expected.unpriced]]);
  });

  it("the Overview's commission of all coins: the raw rows valued at their own day's close; blank with the coin named where a day has no price", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 70 * DAY);
    const overview = (from: number, to: number) =>
      overviewReport(handle.db, "c1", parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}`), new Date(clock)));
    // Days before the one whose close the previous test deleted (today − 5): every BTC day priced.
    const held = await overview(today - 60 * DAY, today - 10 * DAY);
    const inRange = (from: number, to: number) => (day: number) => (day >= from && day <= to ? closes.get(day) : undefined);
    const expected = truthBetween(inRange(today - 60 * DAY, today - 10 * DAY), today - 60 * DAY, today - 10 * DAY);
    expect(expected.unpriced).toBe("0");
    expect(new Exact(held.current.commissionAllCoins!).toFixed()).toBe(expected.usdt);
    expect(held.prices).toMatchObject({ basis: "utc", symbols: ["BTCUSDT"], provisional: false, source: "synced", notValued: [] });
    // A BTC day of the last 9 loses its close: a range holding it has no total, and says what was not valued, per coin.
    const btcDays = new Set(sandbox.world.affiliate.commissionItems(clock).filter((i) => i.coin === "BTC" && i.date >= today - 9 * DAY && i.date < today).map((i) => i.date));
    const lost = [...btcDays].sort((a, b) => b - a)[0];
    if (lost === undefined) throw new Error("the world has no BTC item in the last 9 days");
    await handle.db.delete(priceCloses).where(and(eq(priceCloses.connectionId, "c1"), eq(priceCloses.day, iso(lost))));
    const unpricedDays = new Set([lost, today - 5 * DAY]);
    const gapRange = await overview(lost - DAY, today);
    const gap = truthBetween((day) => (unpricedDays.has(day) ? undefined : closes.get(day)), lost - DAY, today);
    expect(gap.unpriced).not.toBe("0");
    expect(gapRange.current.commissionAllCoins).toBeNull();
    const daysWithout = [...unpricedDays].filter((d) => d >= lost - DAY && btcDays.has(d)).length;
    expect(gapRange.prices.notValued.map((n) => [n.coin, new Exact(n.commission).toFixed(), n.days])).toEqual([["BTC", gap.unpriced, daysWithout]]);
    // Today's price is the latest, not yet the close: said so exactly when a BTC item of today is valued with it.
    const today3 = await overview(today - 3 * DAY, today - DAY);
    expect(today3.prices.provisional).toBe(false);
    const btcToday = sandbox.world.affiliate.commissionItems(clock).some((i) => i.coin === "BTC" && i.date === today);
    expect((await overview(today - 3 * DAY, today)).prices.provisional).toBe(btcToday);
  });

  it("Commissions with no coin: its headline and each day's stacks in USDT, and the CSV's valuation rows, equal the raw rows × their own day's close", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 70 * DAY);
    // Days before those whose closes the tests above deleted: every BTC day priced.
    const from = today - 60 * DAY;
    const to = today - 10 * DAY;
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}`), new Date(clock));
    const report = await commissionReport(handle.db, "c1", filters);
    expect(report.view).toBe("all");
    const expected = truthBetween((day) => closes.get(day), from, to);
    expect(expected.unpriced).toBe("0");
    expect(new Exact(report.allCoins!.commission!).toFixed()).toBe(expected.usdt);
    expect(report.allCoins!.prices).toMatchObject({ basis: "utc", symbols: ["BTCUSDT"], notValued: [] });
    // Per day, product and source, from the raw rows: USDT as paid, BTC × that day's close.
    const rows = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.date >= from && i.date <= to);
    const stacks = new Map<string, Decimal>();
    const btcDays = new Map<string, Decimal>();
    for (const i of rows) {
      const key = `${iso(i.date)}|${i.productType}|${i.sourceType}`;
      const usdt = i.coin === "USDT" ? new Exact(i.commission) : new Exact(i.commission).times(closes.get(i.date)!);
      stacks.set(key, (stacks.get(key) ?? new Exact(0)).plus(usdt));
      if (i.coin === "BTC") btcDays.set(iso(i.date), (btcDays.get(iso(i.date)) ?? new Exact(0)).plus(i.commission));
    }
    expect(report.valuedSeries).toHaveLength(stacks.size);
    for (const p of report.valuedSeries) {
      const key = `${p.bucket}|${p.productType}|${p.sourceType}`;
      expect(new Exact(p.commission!).toFixed(), key).toBe(stacks.get(key)?.toFixed());
    }
    // The CSV's audit: one row per BTC day with the close used and its USDT value.
    const audit = await valuationRows(handle.db, "c1", commissionRowsOf("c1", filters));
    expect(audit.map((r) => r.day)).toEqual([...btcDays.keys()].sort());
    for (const r of audit) {
      const native = btcDays.get(r.day)!;
      const close = closes.get(Date.parse(r.day))!;
      expect([r.coin, r.symbol, new Exact(r.commission).toFixed(), new Exact(r.close!).toFixed()]).toEqual(["BTC", "BTCUSDT", native.toFixed(), new Exact(close).toFixed()]);
      expect(new Exact(r.usdt!).toFixed(), r.day).toBe(native.times(close).toFixed());
    }
  });

  it("an invitee paid in BTC: its page's total of every coin equals its raw rows × their own day's close", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 70 * DAY);
    const from = today - 60 * DAY;
    const to = today - 10 * DAY;
    const rows = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.date >= from && i.date <= to);
    const uid = rows.find((i) => i.coin === "BTC")?.uid;
    if (uid === undefined) throw new Error("the world has no BTC item in the range");
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}`), new Date(clock));
    const page = await inviteeDetailReport(handle.db, "c1", filters, { uid, dormantDays: 30 }, clock);
    let usdt = new Exact(0);
    for (const i of rows.filter((r) => r.uid === uid)) usdt = usdt.plus(i.coin === "USDT" ? new Exact(i.commission) : new Exact(i.commission).times(closes.get(i.date)!));
    expect(new Exact(page.allCoins!.commission!).toFixed()).toBe(usdt.toFixed());
    expect(page.allCoins!.prices).toMatchObject({ symbols: ["BTCUSDT"], notValued: [] });
    // An invitee paid only in USDT has nothing to value: no all-coins total beside its USDT commission.
    const usdtOnly = [...new Set(rows.map((r) => r.uid))].find((u) => rows.every((r) => r.uid !== u || r.coin === "USDT"))!;
    expect((await inviteeDetailReport(handle.db, "c1", filters, { uid: usdtOnly, dormantDays: 30 }, clock)).allCoins).toBeNull();
  });

  it("the UTC+8 basis: each day's price is the 1h candle opening at 15:00 UTC (closing at 00:00 UTC+8 of the next day)", async () => {
    await setPriceBasis(handle.db, "c1", "utc8");
    const result = await syncPricesOnly(handle, "c1");
    expect(result.reports[0]?.error).toBeUndefined();
    const hours = await rawCloses("BTCUSDT", "1h", today - 95 * DAY);
    const from = today - 89 * DAY;
    // Today's 15:00 candle has not opened at 09:30: today's price is the latest (the last hourly close).
    const latest = [...hours.entries()].at(-1)![1];
    const closeOf = (day: number) => (day === today ? latest : hours.get(day + 15 * HOUR));
    const expected = truth(closeOf, from);
    const total = await allCoinsSince(handle, "c1", from);
    expect(new Exact(total.total!).toFixed()).toBe(expected.usdt);
    const valued = await valueAmounts(handle.db, "c1", [{ coin: "BTC", day: iso(today - DAY), amount: "1" }]);
    expect(valued).toMatchObject({ basis: "utc8", rows: [{ status: "valued", usdt: new Exact(hours.get(today - DAY + 15 * HOUR)!).toFixed(), priceTime: today - DAY + 16 * HOUR }] });
    const utc = await valueAmounts(handle.db, "c1", [{ coin: "BTC", day: iso(today - DAY), amount: "1" }], "utc");
    expect(utc.rows[0]).toMatchObject({ status: "valued", priceTime: today });
  });
});

describe("a connection whose exchange has no K-lines", () => {
  it("keeps working: the source records 'not available', the reports sync, BTC rows are not valued", async () => {
    const bare = await startTestSandbox({ klinesEnabled: false, budget: 1_000_000, now });
    const handle = await createDb({ dataDir: "memory" });
    try {
      const result = await syncConnection({
        db: handle.db,
        client: clientFor(bare),
        connectionId: "bare",
        now,
        historyDays: 10,
        reports: ["getAffiliateCommission:SPOT", "getAffiliateCommission:FUTURES", "prices"],
      });
      const byReport = Object.fromEntries(result.reports.map((r) => [r.report, r.error ?? null]));
      expect(byReport).toEqual({ "getAffiliateCommission:SPOT": null, "getAffiliateCommission:FUTURES": null, prices: expect.stringMatching(/^not available: .*404/) });
      const [log] = await queryRows<{ outcome: string }>(handle.db, sql`select outcome from sync_runs where connection_id = 'bare'`);
      expect(log?.outcome).toBe("done");
      const states = await handle.db.select().from(syncState).where(and(eq(syncState.connectionId, "bare"), eq(syncState.report, "prices")));
      expect(states[0]?.lastError).toMatch(/^not available/);
      const items = bare.world.affiliate.commissionItems(clock).filter((i) => i.date >= today - 9 * DAY);
      expect(items.some((i) => i.coin === "BTC")).toBe(true);
      const valued = await valueAmounts(handle.db, "bare", items.map((i) => ({ coin: i.coin, day: iso(i.date), amount: i.commission })));
      expect(valued.availability.endpoint).toBe("not-available");
      for (const [i, row] of valued.rows.entries()) {
        expect(row.amount).toBe(items[i]!.commission);
        expect(row.status).toBe(items[i]!.coin === "USDT" ? "valued" : "not-valued");
      }
      // The Overview says why: no total, the exchange serves no daily prices, and the BTC left out.
      const week = await overviewReport(handle.db, "bare", parseReportFilters(new URLSearchParams(`range=custom&from=${iso(today - 9 * DAY)}&to=${iso(today)}`), new Date(clock)));
      expect(week.current.commissionAllCoins).toBeNull();
      const btc = items.filter((i) => i.coin === "BTC").reduce((sum, i) => sum.plus(i.commission), new Exact(0));
      expect(week.prices).toMatchObject({ source: "not-available", symbols: [] });
      expect(week.prices.notValued.map((n) => [n.coin, new Exact(n.commission).toFixed()])).toEqual([["BTC", btc.toFixed()]]);
    } finally {
      await handle.close();
      await bare.close();
    }
  }, 120_000);
});
