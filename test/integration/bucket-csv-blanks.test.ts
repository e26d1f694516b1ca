/**
 * Bucket CSVs never write 0 for days the warehouse does not hold: a warehouse whose sync holds the last 30 days only
 * (the raw rows before are loaded too, so a report that ignored coverage would print their sums), a 60-day range.
 * Commissions "Commission per period" and Invitees "Registrations per period": each bucket before the history is blank
 * with Coverage "not synced"; each held bucket equals a sum over the world's raw rows (decimal.js), zeros included.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { syncState } from "@/lib/db/schema";
import { streamReportCsv } from "@/lib/export/stream-report";
import type { ReportName } from "@/lib/reports/names";
import { parseReportFilters } from "@/lib/reports/filters";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { REPORTS } from "@/lib/sync/reports";
import { parseCsv } from "../support/export-harness";
import { loadCommissions, loadInvitees, loadSubAffiliates } from "../support/warehouse";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 11, 0, 0);
const HELD_FROM = Date.UTC(2026, 9, 28); // 30 days before 26 Nov, whole days
const world = createAffiliateWorld({ seed: 31, invitees: 400, days: 200, subAffiliates: 2, restate: false }, NOW);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", world, NOW);
  await loadInvitees(handle.db, "c1", world, NOW);
  await loadSubAffiliates(handle.db, "c1", world, NOW);
  await handle.db.insert(syncState).values(REPORTS.map((r) => ({ connectionId: "c1", report: r.key, coveredFrom: HELD_FROM, coveredTo: NOW, backfillDone: true })));
}, 120_000);
afterAll(() => handle.close());

const FROM = iso(NOW - 59 * DAY);
const TO = iso(NOW - DAY);

async function csvRows(report: ReportName, table: string, extra: Record<string, string> = {}): Promise<Array<Record<string, string>>> {
  const query = new URLSearchParams({ range: "custom", from: FROM, to: TO, interval: "day", ...extra });
  const out = await streamReportCsv({ db: handle.db, connectionId: "c1", report, table, filters: parseReportFilters(query, new Date(NOW)), query, now: NOW });
  const rows = parseCsv((await new Response(out.body).text()).replace(/^\uFEFF/, "")).filter((r) => !r[0]?.startsWith("#") && r.length > 1);
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
}

function perDay(pairs: Iterable<[string, Decimal.Value]>): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const [day, v] of pairs) out.set(day, (out.get(day) ?? new Decimal(0)).plus(v));
  return out;
}

describe("bucket CSVs on a warehouse holding the last 30 days", () => {
  it("Commissions per period: blank and 'not synced' before the history, raw sums after", async () => {
    const truth = perDay(world.commissionItems(NOW).filter((i) => i.coin === "USDT").map((i) => [iso(i.date), i.commission] as [string, string]));
    const rows = await csvRows("commissions", "series", { coin: "USDT" });
    expect(rows).toHaveLength(59);
    const before = rows.filter((r) => r.Period! < iso(HELD_FROM));
    const held = rows.filter((r) => r.Period! >= iso(HELD_FROM));
    expect(before.length).toBe((HELD_FROM - Date.parse(`${FROM}T00:00:00Z`)) / DAY);
    // The raw rows of those days exist: only coverage makes them blank.
    expect(before.some((r) => truth.get(r.Period!)?.gt(0))).toBe(true);
    for (const r of before) {
      expect(r.Coverage, r.Period).toBe("not synced");
      expect(r["Total (USDT)"], r.Period).toBe("");
      expect(r["Futures · direct (USDT)"], r.Period).toBe("");
    }
    for (const r of held) {
      expect(r.Coverage).toBe("synced");
      const want = truth.get(r.Period!) ?? new Decimal(0);
      expect(want.equals(r["Total (USDT)"]!), `${r.Period}: ${r["Total (USDT)"]} ≠ ${want.toFixed()}`).toBe(true);
    }
  });

  it("Commissions per period in USDT (all coins): not synced before the history; a day with BTC and no close held is blank, 'not valued'", async () => {
    const items = world.commissionItems(NOW);
    const usdt = perDay(items.filter((i) => i.coin === "USDT").map((i) => [iso(i.date), i.commission] as [string, string]));
    const btcDays = new Set(items.filter((i) => i.coin === "BTC").map((i) => iso(i.date)));
    const rows = await csvRows("commissions", "series-usdt");
    expect(rows).toHaveLength(59);
    for (const r of rows.filter((x) => x.Period! < iso(HELD_FROM))) expect([r.Coverage, r["Total (≈ USDT)"]], r.Period).toEqual(["not synced", ""]);
    const held = rows.filter((r) => r.Period! >= iso(HELD_FROM));
    // This warehouse holds no close: every BTC day is not valued, every other day is its USDT items' sum.
    expect(held.some((r) => btcDays.has(r.Period!))).toBe(true);
    for (const r of held) {
      if (btcDays.has(r.Period!)) expect([r.Coverage, r["Total (≈ USDT)"]], r.Period).toEqual(["not valued: a day has no close held", ""]);
      else expect((usdt.get(r.Period!) ?? new Decimal(0)).equals(r["Total (≈ USDT)"]!), r.Period).toBe(true);
    }
  });

  it("Registrations per period: blank and 'not synced' before the history, raw counts after", async () => {
    const truth = perDay(world.invitedUsers(NOW).map((u) => [iso(u.registerTime), 1] as [string, number]));
    const rows = await csvRows("invitees", "registrations");
    expect(rows).toHaveLength(59);
    const before = rows.filter((r) => r.Period! < iso(HELD_FROM));
    expect(before.some((r) => truth.get(r.Period!)?.gt(0))).toBe(true);
    for (const r of before) expect([r.Registrations, r.Coverage], r.Period).toEqual(["", "not synced"]);
    for (const r of rows.filter((x) => x.Period! >= iso(HELD_FROM))) {
      expect(r.Coverage).toBe("synced");
      expect(r.Registrations, r.Period).toBe((truth.get(r.Period!) ?? new Decimal(0)).toFixed());
    }
  });

  it("a sub-affiliate's previous period the warehouse does not hold is blank in its CSVs, with the reason; this period is the records' sums", async () => {
    const records = world.subAffiliateRecords(NOW);
    const sub = records.find((r) => r.date === iso(NOW - 2 * DAY))!.subAffiliateUid;
    // 6–25 Nov: the previous 20 days (17 Oct – 5 Nov) start before the history (28 Oct), though raw records exist there.
    const range = { from: iso(NOW - 20 * DAY), to: TO, uid: sub };
    expect(records.some((r) => r.subAffiliateUid === sub && r.date >= "2026-10-17" && r.date < iso(HELD_FROM))).toBe(true);
    const totals = await csvRows("sub-affiliate", "totals", range);
    const mine = records.filter((r) => r.subAffiliateUid === sub && r.date >= range.from && r.date <= range.to);
    const volume = "Trading volume (USDT)";
    expect(totals.map((r) => r.Period)).toEqual(["this period", "previous period"]);
    expect(new Decimal(totals[0]![volume]!).equals(mine.reduce((s, r) => s.plus(r.tradingVolume), new Decimal(0)))).toBe(true);
    expect(totals[0]!.Coverage).toBe("synced");
    expect(totals[1]).toMatchObject({ From: "2026-10-17", To: "2026-11-05", [volume]: "", "Active days": "", Coverage: "not synced: history starts 2026-10-28" });
    // The ranking's previous volume and change: blank with the same reason, though those raw records exist.
    const ranking = await csvRows("sub-affiliates", "ranking", { from: range.from, to: range.to });
    expect(ranking.length).toBeGreaterThan(0);
    for (const r of ranking) {
      expect([r["Previous period: Trading volume (USDT)"], r["Trading volume change vs previous period (fraction)"], r["Previous period coverage"]], r["Sub-affiliate"]).toEqual(["", "", "not synced: history starts 2026-10-28"]);
    }
    const products = await csvRows("sub-affiliate", "products", range);
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p[`Previous period: ${volume}`]).toBe("");
      expect(p["Previous period coverage"]).toBe("not synced: history starts 2026-10-28");
    }
  });
});
