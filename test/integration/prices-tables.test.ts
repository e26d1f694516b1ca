/**
 * Commissions in one coin other than USDT: each table's "Commission valued (≈ USDT)" column (by symbol, top invitees,
 * rates) against an independent computation — the world's raw BTC items × the sandbox's raw daily candles, in decimal —
 * over the sandbox and a real PGlite; a row with an item on a day whose close is not held is blank, never its valued part.
 */
import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { priceCloses } from "@/lib/db/schema";
import { commissionReport } from "@/lib/reports/commissions/sql";
import { inviteeDetailReport } from "@/lib/reports/invitee/sql";
import { overviewReport } from "@/lib/reports/overview/sql";
import { overviewTables } from "@/lib/reports/overview/tables";
import { coverageOf } from "@/lib/reports/coverage";
import { viaSubAgents } from "@/lib/reports/sub-affiliate/via-sub-agents";
import { parseReportFilters } from "@/lib/reports/filters";
import type { RunningSandbox } from "@/lib/sandbox";
import { syncConnection } from "@/lib/sync/engine";
import { rawCloses as rawClosesOf } from "../support/candles";
import { clientFor, startTestSandbox } from "../support/exchange";
import { loadCommissions, loadInvitees } from "../support/warehouse";

const DAY = 86_400_000;
const Exact = Decimal.clone({ precision: 1000 });
const clock = Math.floor(Date.now() / DAY) * DAY + 9.5 * 3_600_000;
const now = () => clock;
const today = Math.floor(clock / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let sandbox: RunningSandbox;
let handle: DbHandle;
beforeAll(async () => {
  sandbox = await startTestSandbox({ days: 420, invitees: 200, budget: 1_000_000, now });
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", sandbox.world.affiliate, clock);
  // An invitee's page answers only for a uid the warehouse lists.
  await loadInvitees(handle.db, "c1", sandbox.world.affiliate, clock);
  const synced = await syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "c1", now, reports: ["prices"] });
  expect(synced.reports.filter((r) => r.error)).toEqual([]);
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await sandbox?.close();
});
const rawCloses = (symbol: string, interval: "1d" | "1h", from: number) => rawClosesOf(sandbox, symbol, interval, from, clock);

describe("a table's USDT values in a view of another coin", () => {
  it("an invitee's page in BTC: By symbol and Rates applied carry each row's raw items × their own day's close", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 70 * DAY);
    const from = today - 60 * DAY;
    const to = today - 10 * DAY;
    const btc = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.coin === "BTC" && i.date >= from && i.date <= to);
    const counts = new Map<string, number>();
    for (const i of btc) counts.set(i.uid, (counts.get(i.uid) ?? 0) + 1);
    const uid = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (uid === undefined) throw new Error("the world has no BTC item in the range");
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}&coin=BTC`), new Date(clock));
    const page = await inviteeDetailReport(handle.db, "c1", filters, { uid, dormantDays: 30 }, clock);
    const sums = (keyOf: (i: (typeof btc)[number]) => string) => {
      const out = new Map<string, Decimal>();
      for (const i of btc.filter((x) => x.uid === uid)) out.set(keyOf(i), (out.get(keyOf(i)) ?? new Exact(0)).plus(new Exact(i.commission).times(closes.get(i.date)!)));
      return out;
    };
    const bySymbol = sums((i) => i.symbol);
    expect(page.bySymbol.map((r) => r.symbol).sort()).toEqual([...bySymbol.keys()].sort());
    for (const r of page.bySymbol) expect(new Exact(r.commissionUsdt!).toFixed(), r.symbol).toBe(bySymbol.get(r.symbol)!.toFixed());
    const feeBySymbol = new Map<string, Decimal>();
    for (const i of btc.filter((x) => x.uid === uid)) feeBySymbol.set(i.symbol, (feeBySymbol.get(i.symbol) ?? new Exact(0)).plus(new Exact(i.fee).times(closes.get(i.date)!)));
    for (const r of page.bySymbol) expect(new Exact(r.feeUsdt!).toFixed(), `${r.symbol} fee`).toBe(feeBySymbol.get(r.symbol)!.toFixed());
    const byRate = sums((i) => `${new Exact(i.rate).toFixed()}|${i.productType}`);
    expect(page.rates.length).toBe(byRate.size);
    for (const r of page.rates) expect(new Exact(r.commissionUsdt!).toFixed(), r.rate).toBe(byRate.get(`${new Exact(r.rate).toFixed()}|${r.productType}`)!.toFixed());
  });

  it("Commissions in BTC: each table's ≈ USDT column (by symbol, top invitees, rates) is its raw rows × their own day's close; blank where a day has no close", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 70 * DAY);
    const from = today - 60 * DAY;
    const to = today - 10 * DAY;
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}&coin=BTC`), new Date(clock));
    const report = await commissionReport(handle.db, "c1", filters);
    expect(report.view).toBe("BTC");
    const btc = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.coin === "BTC" && i.date >= from && i.date <= to);
    const valuedBy = (keyOf: (i: (typeof btc)[number]) => string, amount: "commission" | "fee" = "commission") => {
      const out = new Map<string, Decimal>();
      for (const i of btc) out.set(keyOf(i), (out.get(keyOf(i)) ?? new Exact(0)).plus(new Exact(i[amount]).times(closes.get(i.date)!)));
      return out;
    };
    const bySymbol = valuedBy((i) => i.symbol);
    expect(report.bySymbol.map((r) => r.key).sort()).toEqual([...bySymbol.keys()].sort());
    for (const r of report.bySymbol) expect(new Exact(r.commissionUsdt!).toFixed(), r.key).toBe(bySymbol.get(r.key)!.toFixed());
    const byUid = valuedBy((i) => i.uid);
    expect(report.topInvitees.length).toBeGreaterThan(0);
    for (const r of report.topInvitees) expect(new Exact(r.commissionUsdt!).toFixed(), r.key).toBe(byUid.get(r.key)!.toFixed());
    // The net fee of the same rows, valued the same way.
    const feeBySymbol = valuedBy((i) => i.symbol, "fee");
    for (const r of report.bySymbol) expect(new Exact(r.feeUsdt!).toFixed(), `${r.key} fee`).toBe(feeBySymbol.get(r.key)!.toFixed());
    const feeByUid = valuedBy((i) => i.uid, "fee");
    for (const r of report.topInvitees) expect(new Exact(r.feeUsdt!).toFixed(), `${r.key} fee`).toBe(feeByUid.get(r.key)!.toFixed());
    const byRate = valuedBy((i) => new Exact(i.rate).toFixed());
    for (const r of report.rates) expect(new Exact(r.commissionUsdt!).toFixed(), r.rate).toBe(byRate.get(new Exact(r.rate).toFixed())!.toFixed());
    // A day of BTC items without its close: a row with an item that day is not valued (null, a blank cell), never the
    // valued part of it; a row without one is valued. The close is put back for the tests that follow.
    const gap = btc[Math.floor(btc.length / 2)]!.date;
    const [kept] = await handle.db.select().from(priceCloses).where(and(eq(priceCloses.connectionId, "c1"), eq(priceCloses.day, iso(gap)), eq(priceCloses.basis, "utc")));
    await handle.db.delete(priceCloses).where(and(eq(priceCloses.connectionId, "c1"), eq(priceCloses.day, iso(gap))));
    try {
      const withGap = await commissionReport(handle.db, "c1", filters);
      const symbolsThatDay = new Set(btc.filter((i) => i.date === gap).map((i) => i.symbol));
      expect(withGap.bySymbol.some((r) => r.commissionUsdt === null)).toBe(true);
      for (const r of withGap.bySymbol) expect(r.commissionUsdt === null, r.key).toBe(symbolsThatDay.has(r.key));
      const uidsThatDay = new Set(btc.filter((i) => i.date === gap).map((i) => i.uid));
      for (const r of withGap.topInvitees) expect(r.commissionUsdt === null, r.key).toBe(uidsThatDay.has(r.key));
    } finally {
      await handle.db.insert(priceCloses).values(kept!);
    }
  });

  it("the Overview in BTC: each coin's, top invitee's and top symbol's ≈ USDT value is its raw items × their own day's close; USDT as paid", async () => {
    const closes = await rawCloses("BTCUSDT", "1d", today - 70 * DAY);
    const from = today - 45 * DAY;
    const to = today - 5 * DAY;
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}&coin=BTC`), new Date(clock));
    const report = await overviewReport(handle.db, "c1", filters);
    const items = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.date >= from && i.date <= to);
    const valueOf = (i: (typeof items)[number], amount: "commission" | "fee") => new Exact(i[amount]).times(i.coin === "USDT" ? 1 : closes.get(i.date)!);
    const sumBy = (rows: typeof items, keyOf: (i: (typeof items)[number]) => string, amount: "commission" | "fee" = "commission") => {
      const out = new Map<string, Decimal>();
      for (const i of rows) out.set(keyOf(i), (out.get(keyOf(i)) ?? new Exact(0)).plus(valueOf(i, amount)));
      return out;
    };
    const perCoin = sumBy(items, (i) => i.coin);
    const feePerCoin = sumBy(items, (i) => i.coin, "fee");
    expect(report.coins.map((c) => c.coin).sort()).toEqual(["BTC", "USDT"]);
    for (const c of report.coins) expect(new Exact(c.commissionUsdt!).toFixed(), c.coin).toBe(perCoin.get(c.coin)!.toFixed());
    for (const c of report.coins) expect(new Exact(c.feeUsdt!).toFixed(), `${c.coin} fee`).toBe(feePerCoin.get(c.coin)!.toFixed());
    // The per-coin values add up to the first card's total of every coin.
    expect(report.coins.reduce((sum, c) => sum.plus(c.commissionUsdt!), new Exact(0)).toFixed()).toBe(new Exact(report.current.commissionAllCoins!).toFixed());
    const btc = items.filter((i) => i.coin === "BTC");
    const perUid = sumBy(btc, (i) => i.uid);
    expect(report.topInvitees.length).toBeGreaterThan(0);
    for (const r of report.topInvitees) expect(new Exact(r.commissionUsdt!).toFixed(), r.uid).toBe(perUid.get(r.uid)!.toFixed());
    const perSymbol = sumBy(btc, (i) => i.symbol);
    expect(report.topSymbols.length).toBeGreaterThan(0);
    for (const r of report.topSymbols) expect(new Exact(r.commissionUsdt!).toFixed(), r.symbol).toBe(perSymbol.get(r.symbol)!.toFixed());
    // The first card's audit CSV: one row per day with BTC items, the raw day's sum, its close and their product.
    const ctx = { db: handle.db, connectionId: "c1", filters, query: new URLSearchParams(), now: clock, coverage: coverageOf({ range: filters.range, interval: filters.interval, tz: filters.tz, sources: [] }) };
    const audit: Array<Record<string, string>> = [];
    for await (const batch of (await overviewTables.valuation.open(ctx)).batches) audit.push(...batch);
    const perDay = sumBy(btc, (i) => iso(i.date));
    expect(audit.map((r) => r.day)).toEqual([...perDay.keys()].sort());
    for (const r of audit) {
      expect([r.coin, r.pair, r.basis], r.day).toEqual(["BTC", "BTCUSDT", "close at 00:00 UTC"]);
      expect(new Exact(r.close!).toFixed(), r.day).toBe(new Exact(closes.get(Date.parse(r.day!))!).toFixed());
      expect(new Exact(r.usdt!).toFixed(), r.day).toBe(perDay.get(r.day!)!.toFixed());
    }
    // In USDT each top row is its own value, read from nothing else.
    const usdt = await overviewReport(handle.db, "c1", parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}`), new Date(clock)));
    for (const r of [...usdt.topInvitees, ...usdt.topSymbols]) expect(r.commissionUsdt).toBe(r.commission);
  });

  it("invitees via sub-agents in BTC: each invitee's and the total's ≈ USDT value is its raw sourceType 2 items × their own day's close", async () => {
    // BTC items via a sub-agent are rare (a few invitees): the 88 days end on the world's last such item, whichever day
    // this runs on, so the window always holds some (read from the raw items, not from the warehouse).
    const allVia = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.coin === "BTC" && i.sourceType === 2 && i.date <= today - 3 * DAY);
    if (allVia.length === 0) throw new Error("the world has no BTC item via a sub-agent");
    const to = Math.max(...allVia.map((i) => i.date));
    const from = to - 87 * DAY;
    const closes = await rawCloses("BTCUSDT", "1d", from - 10 * DAY);
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}&coin=BTC`), new Date(clock));
    const via = await viaSubAgents(handle.db, "c1", filters, null);
    const items = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.coin === "BTC" && i.sourceType === 2 && i.date >= from && i.date <= to);
    expect(items.length).toBeGreaterThan(0);
    const perUid = new Map<string, Decimal>();
    for (const i of items) perUid.set(i.uid, (perUid.get(i.uid) ?? new Exact(0)).plus(new Exact(i.commission).times(closes.get(i.date)!)));
    expect(via.top.map((r) => r.uid).sort()).toEqual([...perUid.keys()].sort());
    for (const r of via.top) expect(new Exact(r.commissionUsdt!).toFixed(), r.uid).toBe(perUid.get(r.uid)!.toFixed());
    expect(new Exact(via.commissionUsdt!).toFixed()).toBe([...perUid.values()].reduce((a, b) => a.plus(b), new Exact(0)).toFixed());
    // The page says how: the pair and the basis of the closes used.
    expect(via.prices).toMatchObject({ basis: "utc", symbols: ["BTCUSDT"], source: "synced", notValued: [] });
    // A day with BTC items, none via a sub-agent: nothing to value is 0, as its commission is — never "not valued".
    const viaDays = new Set(items.map((i) => i.date));
    const quiet = sandbox.world.affiliate.commissionItems(clock).find((i) => i.coin === "BTC" && i.date >= from && i.date <= to && !viaDays.has(i.date))!.date;
    const none = await viaSubAgents(handle.db, "c1", parseReportFilters(new URLSearchParams(`range=custom&from=${iso(quiet)}&to=${iso(quiet)}&coin=BTC`), new Date(clock)), null);
    expect([none.invitees, none.commission, none.commissionUsdt]).toEqual([0, "0", "0"]);
  });
});
