/**
 * Report exports through their routes, on an embedded database filled from a
 * seeded sandbox world: every CSV figure equals the report module's own output
 * digit for digit, rosters come whole (every page, the view's search and sort),
 * the file is UTF-8 with a BOM and a header row, hostile text is neutralised,
 * large tables arrive in several chunks, and bad tables and small roles are refused.
 */
import { describe, expect, it } from "vitest";
import * as commissionsExport from "@/app/api/reports/commissions/export/route";
import * as inviteeExport from "@/app/api/reports/invitee/export/route";
import * as inviteCodesExport from "@/app/api/reports/invite-codes/export/route";
import * as inviteesExport from "@/app/api/reports/invitees/export/route";
import * as overviewExport from "@/app/api/reports/overview/export/route";
import * as subAffiliateExport from "@/app/api/reports/sub-affiliate/export/route";
import * as subAffiliatesExport from "@/app/api/reports/sub-affiliates/export/route";
import * as tradeAssetsExport from "@/app/api/reports/trade-assets/export/route";
import { getDb } from "@/lib/db/client";
import { commissionItems, invitedUsers, syncState } from "@/lib/db/schema";
import { REPORT_TABLES } from "@/lib/export/report-tables";
import { streamReportCsv } from "@/lib/export/stream-report";
import { commissionReport } from "@/lib/reports/commissions";
import { inviteeDetailQuerySchema } from "@/lib/reports/contracts/invitee";
import { inviteeDetailReport } from "@/lib/reports/invitee";
import { parseReportFilters, type ReportFilters } from "@/lib/reports/filters";
import { inviteCodeQuerySchema } from "@/lib/reports/contracts/invite-codes";
import { rosterQuerySchema, type InviteeRow } from "@/lib/reports/contracts/invitees";
import { changeOf } from "@/lib/reports/contracts/overview";
import { tradeAssetQuerySchema, type TradeAssetRow } from "@/lib/reports/contracts/trade-assets";
import { inviteCodesReport } from "@/lib/reports/invite-codes";
import { inviteeReport, inviteeRosterBatches } from "@/lib/reports/invitees";
import type { ReportName } from "@/lib/reports/names";
import { overviewReport } from "@/lib/reports/overview";
import { subAffiliateDetailReport } from "@/lib/reports/sub-affiliate";
import { subAffiliateReport } from "@/lib/reports/sub-affiliates";
import { tradeAssetReport, tradeAssetRowBatches } from "@/lib/reports/trade-assets";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { dataAsOfIn } from "@/lib/sync/engine";
import { REPORTS } from "@/lib/sync/reports";
import { demoAppSuite } from "../support/demo-app";
import { loadCommissions, loadInvitees, loadSubAffiliates, loadTradeAssetDays } from "../support/warehouse";

/** A strict RFC 4180 reader for tests: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) throw new Error("CSV does not end with CRLF");
  return rows;
}

/** The value before the formula guard: `'=x` → `=x` (plain numbers such as `-1.5` are never guarded). */
const unguard = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const app = demoAppSuite("export", "analyst");
const CONNECTION = "sandbox";
const NOW = Date.now();
const DAY = 86_400_000;
const world = createAffiliateWorld({ seed: 17, invitees: 1400, days: 120, subAffiliates: 4, restate: false }, NOW);
const ROUTES: Record<ReportName, { GET: (r: Request) => Promise<Response> }> = {
  overview: overviewExport,
  commissions: commissionsExport,
  "sub-affiliates": subAffiliatesExport,
  "sub-affiliate": subAffiliateExport,
  invitees: inviteesExport,
  "invite-codes": inviteCodesExport,
  "trade-assets": tradeAssetsExport,
  invitee: inviteeExport,
};
const HOSTILE_CODE = '=HYPERLINK("http://evil.example","click")';
const HOSTILE_SYMBOLS = ["+SYM", "-SYM", "@SUM(A1)", "\tTAB", "\rCR", "=1+1"];
const day = (back: number) => new Date(NOW - back * DAY).toISOString().slice(0, 10);
const RANGE = `range=custom&from=${day(100)}&to=${day(1)}`;
/** The sub-affiliate the Sub-affiliate report's exports are asked for (its page's `uid`). */
const SUB = world.subAffiliateRecords(NOW)[0]!.subAffiliateUid;
/** Parameters a report needs besides the view's filters: a detail page's own uid (the invitee with the hostile invite code and symbols). */
const NEEDS: Partial<Record<ReportName, string>> = { "sub-affiliate": `&uid=${SUB}`, invitee: "&uid=9990000001" };

let loaded: Promise<void> | undefined;
/** Fills the app's warehouse once (lazily: the suite's own beforeAll opens the database first). */
function warehouse(): Promise<void> {
  loaded ??= (async () => {
    const db = await getDb();
    await loadInvitees(db, CONNECTION, world, NOW);
    await loadCommissions(db, CONNECTION, world, NOW);
    await loadSubAffiliates(db, CONNECTION, world, NOW);
    await loadTradeAssetDays(db, CONNECTION, world, NOW, 40);
    // Every synced report read up to a minute ago: exports are named with this "data as of".
    await db.insert(syncState).values(REPORTS.map((r) => ({ connectionId: CONNECTION, report: r.key, coveredFrom: NOW - 120 * DAY, coveredTo: NOW - 60_000, backfillDone: true })));
    // Hostile text a spreadsheet would run as formulas: an invite code, and symbols.
    await db.insert(invitedUsers).values({ connectionId: CONNECTION, uid: "9990000001", registerTime: new Date(NOW - 5 * DAY), kycResult: true, inviteCode: HOSTILE_CODE });
    await db.insert(commissionItems).values(
      HOSTILE_SYMBOLS.map((symbol, i) => ({
        connectionId: CONNECTION,
        uid: "9990000001",
        day: new Date(Date.parse(day(3 + i))),
        coin: "USDT",
        productType: "SPOT",
        symbol,
        sourceType: 1,
        fee: "-0.000000000000000123",
        commission: "-12.345678901234567891",
        rate: "0.2",
        takerAmount: "1",
        makerAmount: "0",
      })),
    );
  })();
  return loaded;
}

async function get(report: ReportName, query: string): Promise<Response> {
  await warehouse();
  return ROUTES[report].GET(new Request(`http://localhost/api/reports/${report}/export?${query}`));
}

/** The CSV of a table as rows of original values (header first), and the raw response. */
async function csv(report: ReportName, query: string): Promise<{ rows: string[][]; response: Response; text: string }> {
  const response = await get(report, query);
  expect(response.status, await response.clone().text().then((t) => t.slice(0, 300))).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.slice(3));
  return { rows: parseCsv(text).map((r) => r.map(unguard)), response, text };
}

/** The invitee with the most USDT commission in the export range (ground truth), for the detail page's exports. */
function topInvitee(): string {
  const byUid = new Map<string, number>();
  for (const r of world.commissionItems(NOW)) if (r.coin === "USDT" && r.date >= Date.parse(day(100))) byUid.set(r.uid, (byUid.get(r.uid) ?? 0) + Number(r.commission));
  return [...byUid].sort((a, b) => b[1] - a[1])[0]![0];
}

const filtersOf = (query: string): ReportFilters => parseReportFilters(new URLSearchParams(query));

/** The "data as of" part of an export's file name, computed here from the sync state: `asof-2026-11-24T1356Z`. */
async function asOfPart(): Promise<string> {
  const { asOf } = await dataAsOfIn(await getDb(), CONNECTION);
  if (asOf === null) return "asof-not-synced";
  const d = new Date(asOf);
  const two = (n: number) => String(n).padStart(2, "0");
  return `asof-${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}Z`;
}
const body = (rows: string[][]) => rows.slice(1);

describe("report exports", () => {
  it("every registry table answers a CSV with a header row and the export headers", async () => {
    for (const [report, tables] of Object.entries(REPORT_TABLES) as Array<[ReportName, Record<string, unknown>]>) {
      for (const table of Object.keys(tables)) {
        const { rows, response } = await csv(report, `table=${table}&${RANGE}${NEEDS[report] ?? ""}`);
        expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("no-store");
        const asOf = await asOfPart();
        expect(asOf).toMatch(/^asof-\d{4}-\d{2}-\d{2}T\d{4}Z$/);
        const name = `${report}_${table}_${day(100)}_${day(1)}_${asOf}.csv`;
        expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
        expect(rows.length, `${report}/${table}`).toBeGreaterThan(0);
        expect(rows[0]!.every((h) => h.length > 0), `${report}/${table} header`).toBe(true);
      }
    }
  });

  it("commissions: totals, series, by symbol, top invitees and rates equal the report digit for digit", async () => {
    for (const q of [RANGE, `${RANGE}&product=SPOT&interval=week`, `${RANGE}&coin=BTC&source=sub`]) {
      const report = await commissionReport(await getDb(), CONNECTION, filtersOf(q));
      const bySymbol = await csv("commissions", `table=by-symbol&${q}`);
      // Units in the header names: the view's coin for commission and fee, volumes in USDT whatever the coin.
      const viewCoin = filtersOf(q).coin ?? "USDT";
      expect(bySymbol.rows[0]).toEqual(["Symbol", "Coin", `Commission (${viewCoin})`, `Net fee (${viewCoin})`, "Volume (USDT)"]);
      expect(body(bySymbol.rows)).toEqual(report.bySymbol.map((r) => [r.key, r.coin, r.commission, r.fee, r.volume]));
      expect(body((await csv("commissions", `table=top-invitees&${q}`)).rows)).toEqual(report.topInvitees.map((r) => [r.key, r.coin, r.commission, r.fee, r.volume]));
      const rates = await csv("commissions", `table=rates&${q}`);
      expect(rates.rows[0]).toEqual(["Rate (fraction)", "Coin", "Items", `Commission (${viewCoin})`]);
      expect(body(rates.rows)).toEqual(report.rates.map((r) => [r.rate, r.coin, String(r.items), r.commission]));
      // One coin only, the view's: a rate's commission is never summed over coins.
      expect(new Set(report.rates.map((r) => r.coin))).toEqual(new Set([filtersOf(q).coin ?? "USDT"]));
      const totals = body((await csv("commissions", `table=totals&${q}`)).rows);
      expect(totals.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[7]])).toEqual(
        report.totals.map((t) => [t.coin, t.commission, t.fee, t.takerVolume, t.makerVolume, String(t.items), String(t.invitees)]),
      );
      const series = body((await csv("commissions", `table=series&${q}`)).rows);
      const coin = filtersOf(q).coin ?? "USDT";
      expect(series.map((r) => r[0])).toEqual(report.buckets);
      for (const p of report.series.filter((s) => s.coin === coin)) {
        const row = series.find((r) => r[0] === p.bucket)!;
        const column = ["FUTURES|1", "FUTURES|2", "SPOT|1", "SPOT|2"].indexOf(`${p.productType}|${p.sourceType}`);
        expect(row[2 + column], `${p.bucket} ${p.productType}|${p.sourceType}`).toBe(p.commission);
      }
    }
  });

  it("sub-affiliates: ranking, totals and every bucket of the series equal the report", async () => {
    const q = `${RANGE}&interval=week`;
    const report = await subAffiliateReport(await getDb(), CONNECTION, filtersOf(q));
    expect(body((await csv("sub-affiliates", `table=ranking&${q}`)).rows)).toEqual(
      report.ranking.map((r) => [r.subAffiliateUid, r.tradingVolume, r.volumeShare, r.netTradingFee, r.paidCommission, String(r.activeDays)]),
    );
    expect(body((await csv("sub-affiliates", `table=totals&${q}`)).rows)).toEqual([
      [report.totals.tradingVolume, report.totals.netTradingFee, report.totals.paidCommission, String(report.totals.subAffiliates)],
    ]);
    const series = body((await csv("sub-affiliates", `table=series&${q}`)).rows);
    expect(series.map((r) => r[0])).toEqual(report.buckets);
    for (const p of report.series) {
      expect(series.find((r) => r[0] === p.bucket)).toEqual([p.bucket, p.paidCommission, expect.any(String), p.netTradingFee, p.tradingVolume]);
    }
  });

  it("overview: every figure with its comparisons, and the trend", async () => {
    const report = await overviewReport(await getDb(), CONNECTION, filtersOf(RANGE));
    const figures = body((await csv("overview", `table=figures&${RANGE}`)).rows);
    expect(figures.map((r) => [r[0], r[3], r[4], r[5], r[6], r[7]])).toEqual(
      (Object.keys(report.current) as Array<keyof typeof report.current>).map((k) => [k, report.current[k], report.previous[k], report.yearAgo[k], changeOf(report.current[k], report.previous[k]) ?? "", changeOf(report.current[k], report.yearAgo[k]) ?? ""]),
    );
    expect(body((await csv("overview", `table=trend&${RANGE}`)).rows)).toEqual(report.trend.map((t) => [t.bucket, t.commission, t.volume, String(t.newInvitees)]));
    const q = `${RANGE}&coin=BTC&interval=week`;
    const btc = await overviewReport(await getDb(), CONNECTION, filtersOf(q));
    expect(btc.coin).toBe("BTC");
    expect(body((await csv("overview", `table=commission-trend&${q}`)).rows)).toEqual(
      btc.commissionTrend.map((p) => [String(p.position + 1), p.bucket ?? "", p.previousBucket ?? "", "BTC", p.commission ?? "", p.previousCommission ?? ""]),
    );
    expect(body((await csv("overview", `table=top-invitees&${q}`)).rows)).toEqual(btc.topInvitees.map((r) => [r.uid, "BTC", r.commission, r.volume]));
    expect(body((await csv("overview", `table=top-symbols&${q}`)).rows)).toEqual(btc.topSymbols.map((r) => [r.symbol, "BTC", r.commission, r.volume]));
    expect(body((await csv("overview", `table=coins&${RANGE}`)).rows)).toEqual(report.coins.map((c) => [c.coin, c.commission, c.fee, c.volume, String(c.items)]));
    const funnel = body((await csv("overview", `table=funnel&${RANGE}`)).rows);
    expect(funnel.map((r) => [r[0], r[1]])).toEqual([
      ["Registered", String(report.funnel.registered)],
      ["KYC passed", String(report.funnel.kyc)],
      ["First deposit", String(report.funnel.deposited)],
      ["First trade", String(report.funnel.traded)],
    ]);
    expect(btc.topInvitees.length).toBeGreaterThan(0);
  });

  it("invitee detail: profile, milestones, comparison, series, by symbol and rates equal the report digit for digit", async () => {
    await warehouse();
    const top = topInvitee();
    for (const q of [`${RANGE}&uid=${top}`, `${RANGE}&uid=${top}&coin=BTC&interval=week`, `${RANGE}&uid=9990000001`]) {
      const report = await inviteeDetailReport(await getDb(), CONNECTION, filtersOf(q), inviteeDetailQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))));
      const profile = await csv("invitee", `table=profile&${q}`);
      expect(profile.rows[0]).toEqual(["Invitee uid", "Invite code", "Registered (UTC)", "KYC", "First deposit (UTC)", "Last deposit (UTC)", "First trade (UTC)", "Last trade (UTC)", "Status", "Rank by commission", "Of invitees"]);
      expect(body(profile.rows)[0]!.slice(0, 3)).toEqual([report.profile.uid, report.profile.inviteCode, new Date(report.profile.registerTime!).toISOString()]);
      expect(body(profile.rows)[0]!.slice(9)).toEqual([report.rank.position === null ? "" : String(report.rank.position), String(report.rank.of)]);
      const milestones = body((await csv("invitee", `table=milestones&${q}`)).rows);
      expect(milestones.map((r) => r[4])).toEqual(report.milestones.map((m) => (m.hoursSincePrevious === null ? "" : String(m.hoursSincePrevious))));
      // KYC has no date: its cell stays empty.
      expect(milestones[1]![3]).toBe("");
      const comparison = body((await csv("invitee", `table=comparison&${q}`)).rows);
      expect(comparison.find((r) => r[1] === "Commission")!.slice(3, 5)).toEqual([report.current.commission, report.previous.commission]);
      expect(comparison.find((r) => r[1] === "Net deposit")!.slice(3, 5)).toEqual([report.current.netDeposit, report.previous.netDeposit]);
      const series = body((await csv("invitee", `table=series&${q}`)).rows);
      expect(series.map((r) => r[0])).toEqual(report.buckets);
      for (const p of report.series) expect(series.find((r) => r[0] === p.bucket)![p.productType === "FUTURES" ? 2 : 3], `${p.bucket} ${p.productType}`).toBe(p.commission);
      expect(body((await csv("invitee", `table=by-symbol&${q}`)).rows)).toEqual(
        report.bySymbol.map((r) => [r.symbol, r.coin, r.commission, r.fee, r.takerVolume, r.makerVolume, String(r.items)]),
      );
      expect(body((await csv("invitee", `table=rates&${q}`)).rows)).toEqual(report.rates.map((r) => [r.rate, r.productType, r.coin, String(r.items), r.commission]));
    }
    // A detail export without its uid, or with an unknown one, is refused before any byte.
    expect((await get("invitee", `table=profile&${RANGE}`)).status).toBe(400);
    expect((await get("invitee", `table=profile&${RANGE}&uid=1234`)).status).toBe(404);
  });

  it("invitees: registrations, funnel and retention equal the report", async () => {
    const report = await inviteeReport(await getDb(), CONNECTION, filtersOf(RANGE), rosterQuerySchema.parse({}));
    const registrations = body((await csv("invitees", `table=registrations&${RANGE}`)).rows);
    const counts = new Map(report.registrations.map((r) => [r.bucket, String(r.count)]));
    expect(registrations).toEqual(report.buckets.map((b) => [b, counts.get(b) ?? "0"]));
    const funnel = body((await csv("invitees", `table=funnel&${RANGE}`)).rows);
    expect(funnel.map((r) => r[2])).toEqual([report.funnel.registered, report.funnel.kyc, report.funnel.deposited, report.funnel.traded].map(String));
    expect(funnel[3]![3]).toBe((report.funnel.traded / report.funnel.deposited).toFixed(6));
    const retention = (await csv("invitees", `table=retention&${RANGE}`)).rows;
    expect(retention[0]!.slice(0, 3)).toEqual(["Cohort", "Size", "M0 (fraction)"]);
    expect(body(retention).map((r) => r.slice(0, 2 + report.retention[0]!.active.length).filter((c, i) => i < 2 || c !== ""))).toEqual(
      report.retention.map((c) => [c.cohort, String(c.size), ...c.active]),
    );
  });

  /** Every row of the view, read through the report's own pages (200 a page). */
  async function allRosterPages(query: string): Promise<InviteeRow[]> {
    const rows: InviteeRow[] = [];
    const params = Object.fromEntries(new URLSearchParams(query));
    for (let page = 1; ; page++) {
      const r = await inviteeReport(await getDb(), CONNECTION, filtersOf(query), rosterQuerySchema.parse({ ...params, page, pageSize: 200 }));
      rows.push(...r.roster.rows);
      if (page * 200 >= r.roster.total) {
        expect(rows.length).toBe(r.roster.total);
        return rows;
      }
    }
  }

  it("invitee directory: all rows of the filtered, searched view in its sort order, across pages, with the range's figures", async () => {
    const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
    const views = [
      RANGE,
      `${RANGE}&sort=lastTrade&dir=asc`,
      `${RANGE}&sort=firstDeposit`,
      `${RANGE}&sort=uid&dir=asc&page=3&pageSize=10`,
      `${RANGE}&q=1`,
      `${RANGE}&sort=commission&kyc=yes`,
      `${RANGE}&sort=netDeposit&dir=asc&status=dormant`,
    ];
    for (const view of views) {
      const expected = await allRosterPages(view);
      const { rows } = await csv("invitees", `table=roster&${view}`);
      expect(rows[0]).toEqual([
        "uid",
        "Registered (UTC)",
        "KYC",
        "Invite code",
        "Source",
        "First deposit (UTC)",
        "Last deposit (UTC)",
        "First trade (UTC)",
        "Last trade (UTC)",
        "Status",
        "Coin of commission and net fee",
        "Commission in range (USDT)",
        "Net fee in range (USDT)",
        "Volume in range (USDT)",
        "Deposits in range (USDT)",
        "Withdrawals in range (USDT)",
        "Net deposit in range (USDT)",
      ]);
      expect(body(rows).length, view).toBe(expected.length);
      expect(body(rows).map((r) => r[0]), view).toEqual(expected.map((r) => r.uid));
      expect(body(rows).map((r) => [...r.slice(1, 4), ...r.slice(5, 9), ...r.slice(10)])).toEqual(
        expected.map((r) => [
          iso(r.registerTime),
          r.kycResult ? "yes" : "no",
          r.inviteCode,
          iso(r.firstDeposit),
          iso(r.lastDeposit),
          iso(r.firstTrade),
          iso(r.lastTrade),
          r.coin,
          ...[r.commission, r.netFee, r.volume, r.deposits, r.withdrawals, r.netDeposit].map((v) => v ?? ""),
        ]),
      );
    }
  });

  it("keyset batches of the roster and of trade & assets match the report's pages, across ties and nulls", async () => {
    const db = await getDb();
    const f = filtersOf(RANGE);
    for (const [sort, dir] of [["lastTrade", "asc"], ["lastTrade", "desc"], ["firstDeposit", "desc"], ["registerTime", "asc"], ["uid", "desc"]] as const) {
      const expected = (await allRosterPages(`${RANGE}&sort=${sort}&dir=${dir}`)).map((r) => r.uid);
      const got: string[] = [];
      for await (const batch of inviteeRosterBatches(db, CONNECTION, f, rosterQuerySchema.parse({ sort, dir }), { batchSize: 37 })) got.push(...batch.map((r) => r.uid));
      expect(got, `${sort} ${dir}`).toEqual(expected);
    }
    const tf = filtersOf(`range=custom&from=${day(30)}&to=${day(1)}`);
    for (const [sort, dir] of [["commission", "desc"], ["withdrawalAmount", "asc"], ["uid", "asc"]] as const) {
      const expected: TradeAssetRow[] = [];
      for (let page = 1; ; page++) {
        const r = await tradeAssetReport(db, CONNECTION, tf, tradeAssetQuerySchema.parse({ sort, dir, page, pageSize: 200 }));
        expected.push(...r.rows);
        if (page * 200 >= r.total) break;
      }
      const got: TradeAssetRow[] = [];
      for await (const batch of tradeAssetRowBatches(db, CONNECTION, tf, { sort, dir }, { batchSize: 37 })) got.push(...batch);
      expect(got, `${sort} ${dir}`).toEqual(expected);
    }
  });

  it("trade & assets: every per-invitee row in the view's sort, and the totals", async () => {
    const view = `range=custom&from=${day(30)}&to=${day(1)}&sort=netDeposit&dir=asc&page=2`;
    const db = await getDb();
    const expected: TradeAssetRow[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const r = await tradeAssetReport(db, CONNECTION, filtersOf(view), tradeAssetQuerySchema.parse({ sort: "netDeposit", dir: "asc", page, pageSize: 200 }));
      expected.push(...r.rows);
      total = r.total;
      if (page * 200 >= r.total) break;
    }
    const { rows } = await csv("trade-assets", `table=invitees&${view}`);
    expect(body(rows).length).toBe(total);
    expect(body(rows)).toEqual(expected.map((r) => [r.uid, r.depositAmount, r.withdrawalAmount, r.netDeposit, r.spotTradingAmount, r.futuresTradingAmount, r.commission]));
    const report = await tradeAssetReport(db, CONNECTION, filtersOf(view), tradeAssetQuerySchema.parse({}));
    const t = report.totals;
    expect(body((await csv("trade-assets", `table=totals&${view}`)).rows)).toEqual([
      [String(t.invitees), t.depositAmount, t.withdrawalAmount, t.netDeposit, t.spotTradingAmount, t.futuresTradingAmount, t.commission, report.top10.commission, report.top10.share],
    ]);
  });

  it("sub-affiliate and invite codes: every table equals the report digit for digit, every bucket and product, the view's sort", async () => {
    const q = `${RANGE}&uid=${SUB}&interval=week`;
    const report = await subAffiliateDetailReport(await getDb(), CONNECTION, filtersOf(q), new URLSearchParams(q), { top: null });
    expect(body((await csv("sub-affiliate", `table=products&${q}`)).rows)).toEqual(
      report.products.map((p) => [p.productType, p.tradingVolume, p.volumeShare, p.netTradingFee, p.feeShare, p.paidCommission, p.commissionShare, p.margin, p.previousTradingVolume, p.previousNetTradingFee, p.previousPaidCommission, p.previousMargin]),
    );
    const series = body((await csv("sub-affiliate", `table=series&${q}`)).rows);
    expect(series.length).toBe(report.buckets.length * report.products.length);
    const margin = body((await csv("sub-affiliate", `table=margin&${q}`)).rows);
    expect(margin.map((r) => r[0])).toEqual(report.buckets);
    for (const m of report.margin) expect(margin.find((r) => r[0] === m.bucket)).toEqual([m.bucket, m.paidCommission, m.margin, m.netTradingFee]);
    const via = body((await csv("sub-affiliate", `table=via-sub-agents&${q}`)).rows);
    expect(via.length).toBe(report.viaSubAgents.invitees);
    expect(via).toEqual(report.viaSubAgents.top.map((i) => [i.uid, i.coin, i.commission, i.volume]));
    expect((await get("sub-affiliate", `table=products&${RANGE}&uid=nope`)).status).toBe(400);
    expect((await get("sub-affiliate", `table=products&${RANGE}&uid=1`)).status).toBe(404);

    const sorted = `${RANGE}&sort=commission&dir=asc`;
    const codes = await inviteCodesReport(await getDb(), CONNECTION, filtersOf(sorted), inviteCodeQuerySchema.parse({ sort: "commission", dir: "asc" }));
    const rows = body((await csv("invite-codes", `table=codes&${sorted}`)).rows);
    expect(rows.map((r) => r[0])).toEqual(codes.rows.map((r) => r.inviteCode));
    expect(rows.map((r) => [r[1], r[11], r[12]])).toEqual(codes.rows.map((r) => [String(r.signups), r.commission, r.volume]));
    // The hostile invite code is a text cell like any other: guarded.
    expect((await csv("invite-codes", `table=codes&${RANGE}`)).text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it("neutralises text cells a spreadsheet would read as formulas, and writes negative decimals as exact numbers", async () => {
    const roster = await csv("invitees", `table=roster&${RANGE}&q=999`);
    expect(roster.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const symbols = await csv("commissions", `table=by-symbol&${RANGE}`);
    for (const s of HOSTILE_SYMBOLS) expect(symbols.text).toContain(s.startsWith("\r") ? `"'${s}` : `'${s}`);
    // Negative amounts stay numbers a spreadsheet can sum, exact to the last digit.
    expect(symbols.text).toContain(",-12.345678901234567891,-0.000000000000000123,");
    const plainNumber = /^-?\d+(\.\d+)?$/;
    // No text cell of any line starts with a formula character unguarded, and no number is guarded.
    for (const row of [...parseCsv(symbols.text), ...parseCsv(roster.text)]) {
      for (const cell of row) {
        if (!plainNumber.test(cell)) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
        expect(cell, JSON.stringify(cell)).not.toMatch(/^'-?\d+(\.\d+)?$/);
      }
    }
  });

  it("streams a large table in several chunks", async () => {
    const response = await get("invitees", `table=roster&range=custom&from=${day(125)}&to=${day(0)}`);
    const reader = response.body!.getReader();
    let chunks = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
    }
    expect(world.invitedUsers(NOW).length).toBeGreaterThan(1_000);
    expect(chunks).toBeGreaterThan(3);
    expect(bytes).toBeGreaterThan(50_000);
  });

  it("hands each row and the columns' kinds to transformRow (share-link redaction) before writing it", async () => {
    await warehouse();
    const out = await streamReportCsv({
      db: await getDb(),
      connectionId: CONNECTION,
      report: "commissions",
      table: "top-invitees",
      filters: filtersOf(RANGE),
      query: new URLSearchParams(RANGE),
      transformRow: (row, columns) => ({ ...row, key: `${columns[0]?.key}:${columns[0]?.kind.kind}:hidden` }),
    });
    expect(out.filename).toBe(`commissions_top-invitees_${day(100)}_${day(1)}_${await asOfPart()}.csv`);
    const rows = parseCsv(await new Response(out.body).text());
    expect(rows.length).toBeGreaterThan(1);
    for (const row of body(rows)) expect(row[0]).toBe("key:uid:hidden");
  });

  it("refuses an unknown or missing table and a bad sort with a 400 JSON error, and a viewer with 403", async () => {
    const unknown = await get("commissions", `table=nope&${RANGE}`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("content-type")).toContain("application/json");
    expect(await unknown.json()).toMatchObject({ code: "UNKNOWN_TABLE", msg: expect.stringContaining("by-symbol") });
    expect((await get("overview", RANGE)).status).toBe(400);
    expect((await get("overview", `table=__proto__&${RANGE}`)).status).toBe(400);
    const badSort = await get("trade-assets", `table=invitees&sort=nope&${RANGE}`);
    expect(badSort.status).toBe(400);
    expect(await badSort.json()).toMatchObject({ code: "BAD_REQUEST" });
    app.role = "viewer";
    try {
      const refused = await get("invitees", `table=roster&${RANGE}`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "FORBIDDEN" });
    } finally {
      app.role = "analyst";
    }
  });
});
