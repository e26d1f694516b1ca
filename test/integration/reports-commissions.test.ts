/** The Commissions report's figures against an independent decimal.js computation over the same seeded data. */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { createAffiliateWorld, type CommissionRecord } from "@/lib/sandbox/data/affiliate";
import { commissionReport } from "@/lib/reports/commissions/sql";
import { parseReportFilters } from "@/lib/reports/filters";
import { loadCommissions } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 11, invitees: 400, days: 120, subAffiliates: 5, restate: false }, NOW);
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", world, NOW);
  await loadCommissions(handle.db, "other", createAffiliateWorld({ seed: 12, invitees: 50, days: 30, subAffiliates: 1, restate: false }, NOW), NOW);
});
afterAll(() => handle.close());

const items = world.commissionItems(NOW);
const sum = (rows: readonly CommissionRecord[], pick: (r: CommissionRecord) => string) => rows.reduce((acc, r) => acc.plus(pick(r)), new Decimal(0));
const eq = (a: Decimal, b: string) => a.equals(new Decimal(b));
const totalOfCoin = (rows: readonly CommissionRecord[], coin: string) => sum(rows.filter((r) => r.coin === coin), (r) => r.commission);
const filtersFor = (params: Record<string, string>) => parseReportFilters(params, new Date(NOW));

describe("commission report", () => {
  it("totals per coin equal the sums of the items, digit for digit, and exclude other connections", async () => {
    const f = filtersFor({ range: "90d" });
    const inRange = items.filter((r) => r.date >= f.range.startTime && r.date <= f.range.endTime);
    const coins = [...new Set(inRange.map((r) => r.coin))].sort();
    expect(coins).toEqual(["BTC", "USDT"]);
    const totalOf = (coin: string) => sum(inRange.filter((r) => r.coin === coin), (r) => r.commission);
    for (const coin of coins) {
      // A coin in the URL: that coin's rows only, in every table; the coins it leaves out are named with their sums.
      const report = await commissionReport(handle.db, "c1", filtersFor({ range: "90d", coin }));
      expect(report.view).toBe(coin);
      expect(report.allCoins).toBeNull();
      expect(report.totals.map((t) => t.coin)).toEqual([coin]);
      for (const rows of [report.series, report.bySymbol, report.topInvitees, report.rates]) expect(new Set(rows.map((r) => r.coin))).toEqual(new Set([coin]));
      const others = coins.filter((c) => c !== coin);
      expect(report.otherCoins.map((o) => o.coin)).toEqual(others);
      for (const o of report.otherCoins) expect(eq(totalOf(o.coin), o.commission), `${o.coin} left out of the ${coin} view`).toBe(true);
      const t = report.totals[0]!;
      const rows = inRange.filter((r) => r.coin === coin);
      expect(eq(sum(rows, (r) => r.commission), t.commission), `${coin} commission`).toBe(true);
      expect(eq(sum(rows, (r) => r.fee), t.fee)).toBe(true);
      expect(eq(sum(rows, (r) => r.takerAmount), t.takerVolume)).toBe(true);
      expect(eq(sum(rows, (r) => r.makerAmount), t.makerVolume)).toBe(true);
      expect(t.items).toBe(rows.length);
      expect(t.invitees).toBe(new Set(rows.map((r) => r.uid)).size);
    }
  });

  it("no coin in the URL is every coin: native totals, series and symbols per coin; top invitees and rates in USDT", async () => {
    const f = filtersFor({ range: "90d" });
    const inRange = items.filter((r) => r.date >= f.range.startTime && r.date <= f.range.endTime);
    const report = await commissionReport(handle.db, "c1", f);
    expect(report.view).toBe("all");
    expect(report.otherCoins).toEqual([]);
    expect(report.totals.map((t) => t.coin)).toEqual(["USDT", "BTC"]);
    for (const t of report.totals) {
      const rows = inRange.filter((r) => r.coin === t.coin);
      expect(eq(sum(rows, (r) => r.commission), t.commission), `${t.coin} commission`).toBe(true);
      expect(t.invitees).toBe(new Set(rows.map((r) => r.uid)).size);
    }
    expect(new Set(report.series.map((p) => p.coin))).toEqual(new Set(["USDT", "BTC"]));
    for (const coin of ["USDT", "BTC"]) {
      const seriesTotal = report.series.filter((p) => p.coin === coin).reduce((acc, p) => acc.plus(p.commission), new Decimal(0));
      expect(eq(seriesTotal, report.totals.find((t) => t.coin === coin)!.commission), `${coin} series`).toBe(true);
    }
    const btcSymbols = new Set(inRange.filter((r) => r.coin === "BTC").map((r) => r.symbol));
    expect(new Set(report.bySymbol.filter((r) => r.coin === "BTC").map((r) => r.key))).toEqual(btcSymbols);
    for (const rows of [report.topInvitees, report.rates]) expect(new Set(rows.map((r) => r.coin))).toEqual(new Set(["USDT"]));
    // No close is held in this warehouse (no prices synced): the headline is not valued, and says which coin.
    expect(report.allCoins?.commission).toBeNull();
    expect(report.allCoins?.prices.notValued.map((n) => n.coin)).toEqual(["BTC"]);
    expect(eq(totalOfCoin(inRange, "BTC"), report.allCoins!.prices.notValued[0]!.commission)).toBe(true);
  });

  it("the daily series by coin, product and source adds up per day; every day of the range is a bucket", async () => {
    const f = filtersFor({ range: "30d", coin: "USDT" });
    const report = await commissionReport(handle.db, "c1", f);
    expect(report.buckets.length).toBe((Date.parse(f.range.to) - Date.parse(f.range.from)) / 86_400_000 + 1);
    expect(report.buckets[0]).toBe(f.range.from);
    expect(report.buckets.at(-1)).toBe(f.range.to);
    const inRange = items.filter((r) => r.coin === "USDT" && r.date >= f.range.startTime && r.date <= f.range.endTime);
    for (const point of report.series) {
      const rows = inRange.filter((r) => new Date(r.date).toISOString().slice(0, 10) === point.bucket && r.productType === point.productType && r.sourceType === point.sourceType);
      expect(eq(sum(rows, (r) => r.commission), point.commission), `${point.bucket} ${point.productType} ${point.sourceType}`).toBe(true);
    }
    const seriesTotal = report.series.reduce((acc, p) => acc.plus(p.commission), new Decimal(0));
    expect(eq(seriesTotal, report.totals[0]!.commission)).toBe(true);
  });

  it("weekly and monthly buckets hold the same total; a time zone moves day boundaries", async () => {
    const daily = await commissionReport(handle.db, "c1", filtersFor({ range: "90d", coin: "USDT" }));
    for (const interval of ["week", "month"]) {
      const report = await commissionReport(handle.db, "c1", filtersFor({ range: "90d", coin: "USDT", interval }));
      expect(report.buckets.length).toBeLessThan(daily.buckets.length);
      const total = report.series.reduce((acc, p) => acc.plus(p.commission), new Decimal(0));
      expect(eq(total, daily.totals[0]!.commission)).toBe(true);
    }
    const tokyo = await commissionReport(handle.db, "c1", filtersFor({ range: "30d", coin: "USDT", tz: "Asia/Tokyo" }));
    const ny = await commissionReport(handle.db, "c1", filtersFor({ range: "30d", coin: "USDT", tz: "America/New_York" }));
    // UTC midnight is 09:00 in Tokyo (same day) and 19:00 or 20:00 the day before in New York.
    expect(tokyo.series[0]?.bucket).not.toBe(ny.series[0]?.bucket);
  });

  it("filters by product, source and invitee; top invitees and symbols are ranked by commission", async () => {
    const f = filtersFor({ range: "90d", product: "FUTURES", source: "sub" });
    const report = await commissionReport(handle.db, "c1", f);
    const rows = items.filter((r) => r.productType === "FUTURES" && r.sourceType === 2 && r.date >= f.range.startTime && r.date <= f.range.endTime);
    const usdt = rows.filter((r) => r.coin === "USDT");
    expect(eq(sum(usdt, (r) => r.commission), report.totals.find((t) => t.coin === "USDT")!.commission)).toBe(true);
    const byUid = new Map<string, Decimal>();
    for (const r of usdt) byUid.set(r.uid, (byUid.get(r.uid) ?? new Decimal(0)).plus(r.commission));
    const expectedTop = [...byUid].sort((a, b) => b[1].comparedTo(a[1]) || a[0].localeCompare(b[0])).slice(0, 10);
    expect(report.topInvitees.map((r) => r.key)).toEqual(expectedTop.map(([uid]) => uid));
    for (let i = 1; i < report.bySymbol.length; i++) {
      if (report.bySymbol[i]!.coin === report.bySymbol[i - 1]!.coin) {
        expect(new Decimal(report.bySymbol[i - 1]!.commission).gte(report.bySymbol[i]!.commission)).toBe(true);
      }
    }
    const one = expectedTop[0]![0];
    const single = await commissionReport(handle.db, "c1", filtersFor({ range: "90d", uid: one, coin: "USDT" }));
    const mine = items.filter((r) => r.uid === one && r.coin === "USDT" && r.date >= f.range.startTime && r.date <= f.range.endTime);
    expect(eq(sum(mine, (r) => r.commission), single.totals[0]!.commission)).toBe(true);
    const rateItems = single.rates.reduce((n, r) => n + r.items, 0);
    expect(rateItems).toBe(mine.length);
  });

  it("the rate distribution is per coin (the chosen one, USDT by default), never a sum across coins", async () => {
    const expected = (coin: string, rows: readonly CommissionRecord[]) => {
      const byRate = new Map<string, CommissionRecord[]>();
      for (const r of rows.filter((x) => x.coin === coin)) byRate.set(new Decimal(r.rate).toFixed(), [...(byRate.get(new Decimal(r.rate).toFixed()) ?? []), r]);
      return [...byRate].map(([rate, rs]) => ({ rate, coin, items: rs.length, commission: sum(rs, (r) => r.commission).toFixed() }));
    };
    const actual = (rates: readonly { rate: string; coin: string; items: number; commission: string }[]) =>
      rates.map((r) => ({ rate: new Decimal(r.rate).toFixed(), coin: r.coin, items: r.items, commission: new Decimal(r.commission).toFixed() }));
    const byRate = (a: { rate: string }, b: { rate: string }) => new Decimal(a.rate).comparedTo(b.rate);
    const f = filtersFor({ range: "90d" });
    const inRange = items.filter((r) => r.date >= f.range.startTime && r.date <= f.range.endTime);
    expect(new Set(inRange.map((r) => r.coin)).size, "the data holds more than one coin").toBeGreaterThan(1);
    for (const coin of ["USDT", "BTC"]) {
      const report = await commissionReport(handle.db, "c1", filtersFor({ range: "90d", ...(coin === "USDT" ? {} : { coin }) }));
      expect(actual(report.rates).sort(byRate), `${coin} rates`).toEqual(expected(coin, inRange).sort(byRate));
    }
    // One invitee reads the raw items rather than the rollups: the same rule.
    const uid = inRange.find((r) => r.coin === "USDT")!.uid;
    const single = await commissionReport(handle.db, "c1", filtersFor({ range: "90d", uid }));
    expect(actual(single.rates).sort(byRate)).toEqual(expected("USDT", inRange.filter((r) => r.uid === uid)).sort(byRate));
  });

  it("bad filter parameters are ignored and reported, never a crash", () => {
    const f = filtersFor({ coin: "DOGE", tz: "Mars/Olympus", interval: "hour", uid: "x" });
    expect(f.coin).toBeUndefined();
    expect(f.tz).toBe("UTC");
    expect(f.interval).toBe("day");
    expect(f.issues.length).toBe(4);
  });
});
