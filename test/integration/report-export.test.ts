/**
 * Report exports through their routes, on an embedded database filled from a
 * seeded sandbox world (test/support/export-harness.ts): every table answers a
 * CSV with a header row, and the report pages' tables equal the report module's
 * own output digit for digit.
 */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { REPORTS } from "@/lib/reports/registry";
import { commissionReport } from "@/lib/reports/commissions/sql";
import { inviteeDetailQuerySchema } from "@/lib/reports/invitee/contract";
import { inviteeDetailReport } from "@/lib/reports/invitee/sql";
import { rosterQuerySchema } from "@/lib/reports/invitees/contract";
import { inviteeReport } from "@/lib/reports/invitees/sql";
import type { ReportName } from "@/lib/reports/names";
import { overviewReport } from "@/lib/reports/overview/sql";
import { subAffiliateReport } from "@/lib/reports/sub-affiliates/sql";
import { exportHarness } from "../support/export-harness";

/** The app's CSV of a time table ends with the team's annotations at each bucket (lib/annotations/csv-column.ts): none made here. */
const NO_NOTES = "";
const { warehouse, CONNECTION, NOW, DAY, day, RANGE, NEEDS, get, csv, topInvitee, filtersOf, asOfPart, body } = exportHarness();

describe("report exports", () => {
  it("every registry table answers a CSV with a header row and the export headers", async () => {
    for (const [report, definition] of Object.entries(REPORTS) as Array<[ReportName, { tables: Record<string, unknown> }]>) {
      for (const table of Object.keys(definition.tables)) {
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
      // Units in the header names: the view's coin for commission and fee (each row's own in the all-coins view, no
      // coin in the URL), volumes in USDT whatever the coin.
      const viewCoin = filtersOf(q).coin;
      const unit = viewCoin ?? "coin of the row";
      // Each row's USDT value beside its native amount (blank where a day's close is not held: "not valued").
      expect(bySymbol.rows[0]).toEqual(["Symbol", "Coin", `Commission (${unit})`, "Commission valued (≈ USDT)", `Net fee (${unit})`, "Net fee valued (≈ USDT)", "Volume (USDT)"]);
      expect(body(bySymbol.rows)).toEqual(report.bySymbol.map((r) => [r.key, r.coin, r.commission, r.commissionUsdt ?? "", r.fee, r.feeUsdt ?? "", r.volume]));
      expect(body((await csv("commissions", `table=top-invitees&${q}`)).rows)).toEqual(report.topInvitees.map((r) => [r.key, r.coin, r.commission, r.commissionUsdt ?? "", r.fee, r.feeUsdt ?? "", r.volume]));
      const rates = await csv("commissions", `table=rates&${q}`);
      expect(rates.rows[0]).toEqual(["Rate (fraction)", "Coin", "Items", `Commission (${unit})`, "Commission valued (≈ USDT)"]);
      expect(body(rates.rows)).toEqual(report.rates.map((r) => [r.rate, r.coin, String(r.items), r.commission, r.commissionUsdt ?? ""]));
      // One coin only (the view's, USDT in the all-coins view): a rate's commission is never summed over coins.
      expect(new Set(report.rates.map((r) => r.coin))).toEqual(new Set([viewCoin ?? "USDT"]));
      const totals = body((await csv("commissions", `table=totals&${q}`)).rows);
      expect(totals.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[7]])).toEqual(
        report.totals.map((t) => [t.coin, t.commission, t.fee, t.takerVolume, t.makerVolume, String(t.items), String(t.invitees)]),
      );
      // The native series: every bucket once per coin of the view (each coin with commission in the all-coins view).
      const series = body((await csv("commissions", `table=series&${q}`)).rows);
      const coins = viewCoin ? [viewCoin] : report.totals.map((t) => t.coin);
      expect(series.map((r) => `${r[1]} ${r[0]}`)).toEqual(coins.flatMap((c) => report.buckets.map((b) => `${c} ${b}`)));
      for (const p of report.series) {
        const row = series.find((r) => r[0] === p.bucket && r[1] === p.coin)!;
        const column = ["FUTURES|1", "FUTURES|2", "SPOT|1", "SPOT|2"].indexOf(`${p.productType}|${p.sourceType}`);
        expect(row[2 + column], `${p.coin} ${p.bucket} ${p.productType}|${p.sourceType}`).toBe(p.commission);
      }
    }
  });

  it("sub-affiliates: ranking, totals and every bucket of the series equal the report", async () => {
    const q = `${RANGE}&interval=week`;
    const report = await subAffiliateReport(await getDb(), CONNECTION, filtersOf(q));
    expect(body((await csv("sub-affiliates", `table=ranking&${q}`)).rows)).toEqual(
      // The previous 100 days reach before this warehouse's history: blank, with the reason (their sums would be partial).
      report.ranking.map((r) => [r.subAffiliateUid, r.tradingVolume, r.volumeShare, r.netTradingFee, r.paidCommission, String(r.activeDays), "", "", expect.stringMatching(/^not synced: history starts \d{4}-\d{2}-\d{2}$/)]),
    );
    expect(body((await csv("sub-affiliates", `table=totals&${q}`)).rows)).toEqual([
      [report.totals.tradingVolume, report.totals.netTradingFee, report.totals.paidCommission, String(report.totals.subAffiliates)],
    ]);
    const series = body((await csv("sub-affiliates", `table=series&${q}`)).rows);
    expect(series.map((r) => r[0])).toEqual(report.buckets);
    for (const p of report.series) {
      expect(series.find((r) => r[0] === p.bucket)).toEqual([p.bucket, p.paidCommission, expect.any(String), p.netTradingFee, p.tradingVolume, NO_NOTES]);
    }
  });

  it("overview: every figure with its comparisons, and the trend", async () => {
    const report = await overviewReport(await getDb(), CONNECTION, filtersOf(RANGE));
    // 100 days: the previous 100 days and the year before reach past the warehouse's 120 days of history, so both are
    // blank with the reason (their sums are 0 only because nothing was synced), and no change is computed.
    const historyFrom = new Date(Math.ceil((NOW - 120 * DAY) / DAY) * DAY).toISOString().slice(0, 10);
    const figures = body((await csv("overview", `table=figures&${RANGE}`)).rows);
    expect(figures.map((r) => [r[0], r[3], r[4], r[5], r[6], r[7], r[8], r[9]])).toEqual(
      (Object.keys(report.current) as Array<keyof typeof report.current>).map((k) => [k, report.current[k] ?? "", "", "", `not synced: history starts ${historyFrom}`, `not synced: history starts ${historyFrom}`, "", ""]),
    );
    // 40 days: the previous 40 days are held, so they are written, with their change (the rate's in points).
    const held = `range=custom&from=${day(40)}&to=${day(1)}`;
    const recent = await overviewReport(await getDb(), CONNECTION, filtersOf(held));
    const heldRows = body((await csv("overview", `table=figures&${held}`)).rows);
    for (const k of Object.keys(recent.current) as Array<keyof typeof recent.current>) {
      const row = heldRows.find((r) => r[0] === k)!;
      // Commission of all coins without the days' prices (none loaded here): not valued, blank, no change.
      const [nowText, beforeText] = [recent.current[k], recent.previous[k]];
      const [now, before] = [new Decimal(nowText ?? 0), new Decimal(beforeText ?? 0)];
      const change = nowText === null || beforeText === null ? null : k === "effectiveRate" ? now.minus(before) : before.isZero() ? null : now.minus(before).div(before.abs());
      expect([row[4], row[6], row[8], row[10]], k).toEqual([beforeText ?? "", "synced", change === null ? "" : change.toDecimalPlaces(6).toFixed(), k === "effectiveRate" ? "percentage points" : "relative"]);
    }
    expect(body((await csv("overview", `table=trend&${RANGE}`)).rows)).toEqual(report.trend.map((t) => [t.bucket, t.commission, t.volume, String(t.newInvitees), "synced", NO_NOTES]));
    // Days before the warehouse's history (120 days) are blank and "not synced", never 0.
    const early = `range=custom&from=${day(125)}&to=${day(110)}`;
    // A partial range's CSV says its coverage in a line above the header: the data rows are those of a day.
    const earlyRows = (await csv("overview", `table=trend&${early}`)).rows.filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0] ?? ""));
    expect(earlyRows).toHaveLength(16);
    const firstHeld = new Date(Math.ceil((NOW - 120 * DAY) / DAY) * DAY).toISOString().slice(0, 10);
    expect(earlyRows.filter((r) => r[0]! < firstHeld).map((r) => r.slice(1))).toEqual(Array.from({ length: earlyRows.filter((r) => r[0]! < firstHeld).length }, () => ["", "", "", "not synced", NO_NOTES]));
    expect(earlyRows.filter((r) => r[0]! < firstHeld).length).toBeGreaterThanOrEqual(4);
    expect(earlyRows.filter((r) => r[0]! >= firstHeld).map((r) => r[4])).toEqual(earlyRows.filter((r) => r[0]! >= firstHeld).map(() => "synced"));
    const q = `${RANGE}&coin=BTC&interval=week`;
    const btc = await overviewReport(await getDb(), CONNECTION, filtersOf(q));
    expect(btc.coin).toBe("BTC");
    const words = { covered: "synced", partial: "partly synced", uncovered: "not synced" } as const;
    const compared = await csv("overview", `table=commission-trend&${q}`);
    expect(compared.rows[0]).toEqual(["Position", "Period", "Previous period", "Coin", "Commission (BTC)", "Previous commission (BTC)", "Coverage", "Previous period coverage", "Annotations (your team's)"]);
    expect(body(compared.rows)).toEqual(
      btc.commissionTrend.map((p) => [
        String(p.position + 1), p.bucket ?? "", p.previousBucket ?? "", "BTC", p.commission ?? "", p.previousCommission ?? "",
        p.state ? words[p.state] : "", p.previousState ? words[p.previousState] : "", NO_NOTES,
      ]),
    );
    // History starts 120 days back: the previous 100 days' early weeks are not synced (empty, never "0"), the week
    // history starts in is partly synced, and this period is synced throughout.
    // Two periods of equal length can span a different number of calendar weeks: a position with no previous week
    // (the current period's extra one) has no previous figure and no mark — blank, never 0.
    const unmatched = body(compared.rows).filter((r) => r[2] === "");
    expect(unmatched.every((r) => r[5] === "" && r[7] === "")).toBe(true);
    const previousMarks = body(compared.rows).filter((r) => r[2] !== "").map((r) => [r[5], r[7]]);
    const historyWeek = previousMarks.findIndex(([, mark]) => mark === "partly synced");
    expect(historyWeek).toBeGreaterThan(0);
    expect(previousMarks.slice(0, historyWeek)).toEqual(Array.from({ length: historyWeek }, () => ["", "not synced"]));
    expect(previousMarks.slice(historyWeek + 1).every(([value, mark]) => mark === "synced" && value !== "")).toBe(true);
    expect(body(compared.rows).filter((r) => r[1] !== "").every((r) => r[6] === "synced" && r[4] !== "")).toBe(true);
    // No day's close is loaded here: a BTC row's ≈ USDT value is blank (not valued), never 0; a USDT row is its own value.
    expect(btc.topInvitees.length + btc.topSymbols.length).toBeGreaterThan(0);
    expect([...btc.topInvitees, ...btc.topSymbols].every((r) => r.commissionUsdt === null)).toBe(true);
    expect(body((await csv("overview", `table=top-invitees&${q}`)).rows)).toEqual(btc.topInvitees.map((r) => [r.uid, "BTC", r.commission, "", r.volume]));
    expect(body((await csv("overview", `table=top-symbols&${q}`)).rows)).toEqual(btc.topSymbols.map((r) => [r.symbol, "BTC", r.commission, "", r.volume]));
    expect(report.coins.map((c) => [c.coin, c.commissionUsdt])).toEqual(report.coins.map((c) => [c.coin, c.coin === "USDT" ? c.commission : null]));
    expect(body((await csv("overview", `table=coins&${RANGE}`)).rows)).toEqual(report.coins.map((c) => [c.coin, c.commission, c.commissionUsdt ?? "", c.fee, c.feeUsdt ?? "", c.volume, String(c.items)]));
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
      // This period, its whole days (empty: the range does not reach today), the previous period.
      // The previous period is blank where the sync has not read it whole (its "synced" column says no), never a partial sum.
      const previousOr = (value: string | null, synced: boolean) => (synced ? (value ?? "") : "");
      // The previous 100 days reach before the warehouse's 120 days of history: not synced whole, so the case is walked.
      expect(report.previous.commissionSynced).toBe(false);
      expect(comparison.find((r) => r[1] === "Commission")!.slice(3, 6)).toEqual([report.current.commission, "", previousOr(report.previous.commission, report.previous.commissionSynced)]);
      expect(comparison.find((r) => r[1] === "Net deposits")!.slice(3, 6)).toEqual([report.current.netDeposit, "", previousOr(report.previous.netDeposit, report.previous.assetsSynced)]);
      expect(comparison.find((r) => r[1] === "Commission")![7]).toBe(report.previous.commissionSynced ? "yes" : "no");
      const series = body((await csv("invitee", `table=series&${q}`)).rows);
      expect(series.map((r) => r[0])).toEqual(report.buckets);
      for (const p of report.series) expect(series.find((r) => r[0] === p.bucket)![p.productType === "FUTURES" ? 2 : 3], `${p.bucket} ${p.productType}`).toBe(p.commission);
      expect(body((await csv("invitee", `table=by-symbol&${q}`)).rows)).toEqual(
        report.bySymbol.map((r) => [r.symbol, r.coin, r.commission, r.commissionUsdt ?? "", r.fee, r.feeUsdt ?? "", r.takerVolume, r.makerVolume, String(r.items)]),
      );
      expect(body((await csv("invitee", `table=rates&${q}`)).rows)).toEqual(report.rates.map((r) => [r.rate, r.productType, r.coin, String(r.items), r.commission, r.commissionUsdt ?? ""]));
    }
    // A detail export without its uid, or with an unknown one, is refused before any byte.
    expect((await get("invitee", `table=profile&${RANGE}`)).status).toBe(400);
    expect((await get("invitee", `table=profile&${RANGE}&uid=1234`)).status).toBe(404);
  });

  it("invitees: registrations, funnel and retention equal the report", async () => {
    const report = await inviteeReport(await getDb(), CONNECTION, filtersOf(RANGE), rosterQuerySchema.parse({}));
    const registrations = body((await csv("invitees", `table=registrations&${RANGE}`)).rows);
    const counts = new Map(report.registrations.map((r) => [r.bucket, String(r.count)]));
    // This world's warehouse holds the whole range: every bucket is a count, its coverage "synced".
    expect(registrations).toEqual(report.buckets.map((b) => [b, counts.get(b) ?? "0", "synced", NO_NOTES]));
    const funnel = body((await csv("invitees", `table=funnel&${RANGE}`)).rows);
    expect(funnel.map((r) => r[2])).toEqual([report.funnel.registered, report.funnel.kyc, report.funnel.deposited, report.funnel.traded].map(String));
    // First trade is a share of sign-ups, as on Invite codes (it was of depositors: one label, two figures).
    expect(funnel[3]![3]).toBe((report.funnel.traded / report.funnel.registered).toFixed(6));
    const retention = (await csv("invitees", `table=retention&${RANGE}`)).rows;
    expect(retention[0]!.slice(0, 3)).toEqual(["Cohort", "Size", "M0 (fraction)"]);
    expect(body(retention).map((r) => r.slice(0, 2 + report.retention[0]!.active.length).filter((c, i) => i < 2 || c !== ""))).toEqual(
      report.retention.map((c) => [c.cohort, String(c.size), ...c.active]),
    );
  });
});
