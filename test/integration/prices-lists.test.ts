/**
 * The lists in one coin other than USDT: the invitee directory's and Invite codes' "Commission valued (≈ USDT)" column
 * (and the codes' totals) against an independent computation — the world's raw BTC items × the sandbox's raw daily
 * candles, in decimal, grouped by uid or by the sign-up's invite code from the world's own invitees — over the sandbox
 * and a real PGlite. A row with an item on a day whose close is not held is blank, never its valued part; in a USDT
 * view each value is the commission itself.
 */
import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { priceCloses } from "@/lib/db/schema";
import { directoryBatches, directoryPage } from "@/lib/reports/invitees/directory";
import { rosterQuerySchema, type InviteeRow } from "@/lib/reports/invitees/contract";
import { ROSTER_COLUMNS } from "@/lib/reports/invitees/tables";
import { inviteCodeQuerySchema } from "@/lib/reports/invite-codes/contract";
import { inviteCodesReport } from "@/lib/reports/invite-codes/sql";
import { inviteeReport } from "@/lib/reports/invitees/sql";
import { parseReportFilters, type ReportFilters } from "@/lib/reports/filters";
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
// A wide range over many invitees (some 12 % are paid in BTC), so the cohort of sign-ups in it holds several codes with
// BTC commission: 15 BTC earners, 6 of the cohort's codes with BTC commission in this world.
const from = today - 400 * DAY;
const to = today - 10 * DAY;

let sandbox: RunningSandbox;
let handle: DbHandle;
let closes: Map<number, string>;
beforeAll(async () => {
  sandbox = await startTestSandbox({ days: 420, invitees: 600, budget: 1_000_000, now });
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", sandbox.world.affiliate, clock);
  await loadInvitees(handle.db, "c1", sandbox.world.affiliate, clock);
  const synced = await syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "c1", now, reports: ["prices"] });
  expect(synced.reports.filter((r) => r.error)).toEqual([]);
  closes = await rawClosesOf(sandbox, "BTCUSDT", "1d", from - 10 * DAY, clock);
}, 180_000);
afterAll(async () => {
  await handle?.close();
  await sandbox?.close();
});

const filtersOf = (coin: "BTC" | "USDT"): ReportFilters =>
  parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}&coin=${coin}`), new Date(clock));

/** The world's raw BTC items of the range. */
const btcItems = () => sandbox.world.affiliate.commissionItems(clock).filter((i) => i.coin === "BTC" && i.date >= from && i.date <= to);
type Item = ReturnType<typeof btcItems>[number];

/** Each key's raw BTC items' amount × their own day's raw close, in decimal; a key with an item on a `gap` day is null. */
function truthBy(items: readonly Item[], keyOf: (i: Item) => string | undefined, gap?: number, amount: "commission" | "fee" = "commission"): Map<string, Decimal | null> {
  const out = new Map<string, Decimal | null>();
  for (const i of items) {
    const key = keyOf(i);
    if (key === undefined) continue;
    const close = closes.get(i.date);
    if (close === undefined) throw new Error(`no raw candle for ${iso(i.date)}`);
    const sum = out.has(key) ? out.get(key)! : new Exact(0);
    out.set(key, i.date === gap || sum === null ? null : sum.plus(new Exact(i[amount]).times(close)));
  }
  return out;
}

const text = (v: Decimal | null | undefined): string | null => (v === null || v === undefined ? null : v.toFixed());
/** A code's truth: 0 for a code whose sign-ups earned no BTC (nothing to value), null where not valued. */
const codeText = (truth: Map<string, Decimal | null>, code: string): string | null => (truth.has(code) ? text(truth.get(code)) : "0");
const exact = (v: string | null): string | null => (v === null ? null : new Exact(v).toFixed());

/** Every row of the directory in the view, read in keyset batches as the CSV and snapshots read it. */
async function allRows(f: ReportFilters, batchSize = 40): Promise<InviteeRow[][]> {
  const batches: InviteeRow[][] = [];
  for await (const batch of directoryBatches(handle.db, "c1", f, rosterQuerySchema.parse({ sort: "commission" }), { now: clock, batchSize })) batches.push(batch);
  return batches;
}

/** The cohort of the range (sign-ups in it, from the world's invitees): uid → invite code. */
function cohortCodes(f: ReportFilters): Map<string, string> {
  const users = sandbox.world.affiliate.invitedUsers(clock).filter((u) => u.registerTime >= f.range.startTime && u.registerTime <= f.range.endTime);
  return new Map(users.map((u) => [u.uid, u.inviteCode]));
}

/** A day's BTCUSDT close taken out of the warehouse while `run` runs, then put back for the tests that follow. */
async function withoutClose(day: number, run: () => Promise<void>): Promise<void> {
  const where = and(eq(priceCloses.connectionId, "c1"), eq(priceCloses.symbol, "BTCUSDT"), eq(priceCloses.day, iso(day)));
  const kept = await handle.db.select().from(priceCloses).where(where);
  expect(kept.length).toBeGreaterThan(0);
  await handle.db.delete(priceCloses).where(where);
  try {
    await run();
  } finally {
    await handle.db.insert(priceCloses).values(kept);
  }
}

describe("the lists' USDT values in a view of another coin", () => {
  it("the invitee directory in BTC: each row's commission valued is its raw items × their own day's close, page and CSV batches", async () => {
    const f = filtersOf("BTC");
    const truth = truthBy(btcItems(), (i) => i.uid);
    expect(truth.size).toBeGreaterThan(3);
    // A page sorted by commission: the BTC earners first.
    const page = await directoryPage(handle.db, "c1", f, rosterQuerySchema.parse({ sort: "commission", pageSize: 200 }), clock);
    expect(page.rows.filter((r) => r.commissionUsdt !== null).length).toBe(truth.size);
    const feeTruth = truthBy(btcItems(), (i) => i.uid, undefined, "fee");
    for (const r of page.rows) {
      expect(exact(r.commissionUsdt), r.uid).toBe(text(truth.get(r.uid)));
      expect(exact(r.netFeeUsdt), `${r.uid} fee`).toBe(text(feeTruth.get(r.uid)));
    }
    // Every invitee through keyset batches, each batch valued on its own; the CSV's cell is the value, blank for null.
    const batches = await allRows(f);
    expect(batches.length).toBeGreaterThan(1);
    const rows = batches.flat();
    expect(rows.length).toBe(page.total);
    const cell = ROSTER_COLUMNS.find((c) => c.key === "commissionUsdt")!;
    expect(cell.header).toBe("Commission valued in range (≈ USDT)");
    for (const r of rows) {
      expect(exact(r.commissionUsdt), r.uid).toBe(text(truth.get(r.uid)));
      expect(cell.value(r), r.uid).toBe(r.commissionUsdt ?? "");
      expect(exact(r.netFeeUsdt), `${r.uid} fee`).toBe(text(feeTruth.get(r.uid)));
      // Nothing recorded is blank too, never a valued 0.
      if (r.commission === null) expect(r.commissionUsdt).toBeNull();
    }
  });

  it("Invite codes in BTC: each code's and the totals' commission valued is the cohort's raw items × their own day's close", async () => {
    const f = filtersOf("BTC");
    const codeOf = cohortCodes(f);
    const truth = truthBy(btcItems(), (i) => codeOf.get(i.uid));
    expect(truth.size).toBeGreaterThan(2);
    const report = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({}));
    expect(new Set(report.rows.map((r) => r.inviteCode))).toEqual(new Set(codeOf.values()));
    // A code whose sign-ups earned no BTC is 0, as its commission is: nothing to value, not "not valued".
    for (const r of report.rows) expect(exact(r.commissionUsdt), r.inviteCode).toBe(codeText(truth, r.inviteCode));
    const total = [...truth.values()].reduce<Decimal>((acc, v) => acc.plus(v!), new Exact(0));
    expect(exact(report.totals.commissionUsdt)).toBe(total.toFixed());
    expect(total.gt(0)).toBe(true);
  });

  it("a day without its close: exactly the rows with a BTC item that day are not valued (null), and so are the codes' totals", async () => {
    const f = filtersOf("BTC");
    const items = btcItems();
    const codeOf = cohortCodes(f);
    // A day of a cohort sign-up's BTC item, so that both lists hold a row with an item that day.
    const gap = items.filter((i) => codeOf.has(i.uid))[0]?.date;
    if (gap === undefined) throw new Error("no cohort sign-up earned BTC in the range");
    const uidTruth = truthBy(items, (i) => i.uid, gap);
    const codeTruth = truthBy(items, (i) => codeOf.get(i.uid), gap);
    await withoutClose(gap, async () => {
      const rows = (await allRows(f, 500)).flat();
      const uidsThatDay = new Set(items.filter((i) => i.date === gap).map((i) => i.uid));
      expect(rows.some((r) => r.commissionUsdt === null && r.commission !== null)).toBe(true);
      for (const r of rows) {
        expect(r.commission !== null && r.commissionUsdt === null, r.uid).toBe(uidsThatDay.has(r.uid));
        expect(exact(r.commissionUsdt), r.uid).toBe(text(uidTruth.get(r.uid)));
        // The net fee of the same rows is not valued on the same terms.
        expect(r.netFee !== null && r.netFeeUsdt === null, `${r.uid} fee`).toBe(uidsThatDay.has(r.uid));
      }
      const report = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({}));
      const codesThatDay = new Set(items.filter((i) => i.date === gap && codeOf.has(i.uid)).map((i) => codeOf.get(i.uid)));
      expect(codesThatDay.size).toBeGreaterThan(0);
      for (const r of report.rows) {
        expect(r.commissionUsdt === null, r.inviteCode).toBe(codesThatDay.has(r.inviteCode));
        expect(exact(r.commissionUsdt), r.inviteCode).toBe(codeText(codeTruth, r.inviteCode));
      }
      // Never the valued part of the cohort: the totals are blank.
      expect(report.totals.commissionUsdt).toBeNull();
    });
    // Put back, every row is valued again.
    const report = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({}));
    expect(report.totals.commissionUsdt).not.toBeNull();
  });

  it("in a USDT view each value is the commission itself (the directory's, the codes' and the totals')", async () => {
    const f = filtersOf("USDT");
    const rows = (await allRows(f, 500)).flat();
    expect(rows.some((r) => r.commission !== null)).toBe(true);
    for (const r of rows) expect(r.commissionUsdt, r.uid).toBe(r.commission);
    const page = await directoryPage(handle.db, "c1", f, rosterQuerySchema.parse({ sort: "commission" }), clock);
    for (const r of page.rows) expect(r.commissionUsdt, r.uid).toBe(r.commission);
    const report = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({}));
    expect(report.rows.length).toBeGreaterThan(1);
    for (const r of report.rows) expect(r.commissionUsdt, r.inviteCode).toBe(r.commission);
    expect(report.totals.commissionUsdt).toBe(report.totals.commission);
  });

  it("the Invitees report says how the directory's column was valued in BTC (pair, basis, prices' instant) and nothing in USDT", async () => {
    const btc = await inviteeReport(handle.db, "c1", filtersOf("BTC"), rosterQuerySchema.parse({}), clock);
    expect(btc.prices).toMatchObject({ basis: "utc", symbols: ["BTCUSDT"], source: "synced", notValued: [] });
    // The latest close used is that of the range's last day with a BTC item (the raw items say which: on some days the
    // world's last day has none): the instant of 00:00 UTC the day after.
    const lastBtcDay = Math.max(...btcItems().map((i) => Math.floor(i.date / DAY) * DAY));
    expect(btc.prices?.asOf).toBe(new Date(lastBtcDay + DAY).toISOString());
    expect((await inviteeReport(handle.db, "c1", filtersOf("USDT"), rosterQuerySchema.parse({}), clock)).prices).toBeNull();
  });
});
