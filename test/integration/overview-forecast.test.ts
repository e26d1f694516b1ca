/**
 * The Overview's month- and quarter-end forecast (issue #28) against an independent projection of the raw rows: the
 * world's items (BTC valued with the sandbox's raw daily candles), its invitees' first trades, each day's value summed
 * here in decimal, and the method — the whole days so far plus each day left at the mean of its weekday's last four,
 * the range at their least and greatest — written out again here. A day the warehouse does not hold, or whose close
 * is not held, makes the figure unavailable in words, never a projection over a 0.
 */
import Decimal from "decimal.js";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { computeDigestContent } from "@/lib/digests/content";
import { streamReportCsv } from "@/lib/export/stream-report";
import { priceCloses, syncState } from "@/lib/db/schema";
import { parseReportFilters } from "@/lib/reports/filters";
import { filtersOf } from "@/lib/share/scope";
import { overviewReport } from "@/lib/reports/overview/sql";
import type { RunningSandbox } from "@/lib/sandbox";
import { syncConnection } from "@/lib/sync/engine";
import { createTarget, deleteTarget } from "@/lib/targets/store";
import { REPORTS } from "@/lib/sync/reports";
import { fullReadRow } from "@/lib/sync/state";
import { rawCloses } from "../support/candles";
import { parseCsv } from "../support/export-harness";
import { clientFor, startTestSandbox } from "../support/exchange";
import { loadCommissions, loadInvitees } from "../support/warehouse";

const DAY = 86_400_000;
const Exact = Decimal.clone({ precision: 1000 });
const clock = Math.floor(Date.now() / DAY) * DAY + 9.5 * 3_600_000;
const today = Math.floor(clock / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

let sandbox: RunningSandbox;
let handle: DbHandle;
const coverFrom = async (from: number) => {
  await handle.db.delete(syncState);
  const keys = [...REPORTS.map((r) => r.key), fullReadRow("getAffiliateUIDs")];
  await handle.db.insert(syncState).values(keys.map((report) => ({ connectionId: "c1", report, coveredFrom: from, coveredTo: clock, backfillDone: true })));
};
beforeAll(async () => {
  sandbox = await startTestSandbox({ days: 160, invitees: 300, budget: 1_000_000, now: () => clock });
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", sandbox.world.affiliate, clock);
  await loadInvitees(handle.db, "c1", sandbox.world.affiliate, clock);
  const synced = await syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "c1", now: () => clock, reports: ["prices"] });
  expect(synced.reports.filter((r) => r.error)).toEqual([]);
  await coverFrom(today - 150 * DAY);
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await sandbox?.close();
});

/** Each figure's value per whole UTC day before today, from the raw rows (a day with no row: 0). */
async function rawDaily(): Promise<Record<"commissionAllCoins" | "volumeAllCoins" | "newTraders", Map<string, Decimal>>> {
  const closes = await rawCloses(sandbox, "BTCUSDT", "1d", today - 160 * DAY, clock);
  const out = { commissionAllCoins: new Map<string, Decimal>(), volumeAllCoins: new Map<string, Decimal>(), newTraders: new Map<string, Decimal>() };
  for (let t = today - 150 * DAY; t < today; t += DAY) for (const m of Object.values(out)) m.set(iso(t), new Exact(0));
  const add = (m: Map<string, Decimal>, day: string, v: Decimal.Value) => m.has(day) && m.set(day, m.get(day)!.plus(v));
  for (const i of sandbox.world.affiliate.commissionItems(clock)) {
    add(out.commissionAllCoins, iso(i.date), new Exact(i.commission).times(i.coin === "USDT" ? "1" : closes.get(i.date)!));
    add(out.volumeAllCoins, iso(i.date), new Exact(i.takerAmount).plus(i.makerAmount));
  }
  for (const u of sandbox.world.affiliate.invitedUsers(clock)) if (u.firstTrade !== null) add(out.newTraders, iso(Math.floor(u.firstTrade / DAY) * DAY), 1);
  return out;
}

/** The method, written out again: [value, low, high] of the period [from, to] made on `today`. */
function project(values: Map<string, Decimal>, from: string, to: string): [string, string, string] {
  let soFar = new Exact(0);
  for (let t = ms(from); t < today; t += DAY) soFar = soFar.plus(values.get(iso(t))!);
  let [mid, low, high] = [soFar, soFar, soFar];
  for (let t = today; t <= ms(to); t += DAY) {
    // The latest day of t's weekday before today is today + offset − 7 days; the three before it, a week apart.
    const offset = ((t - today) / DAY) % 7;
    const same = [1, 2, 3, 4].map((k) => values.get(iso(today + (offset - 7 * k) * DAY))!);
    mid = mid.plus(same.reduce((a, b) => a.plus(b), new Exact(0)).div(4));
    low = low.plus(Exact.min(...same));
    high = high.plus(Exact.max(...same));
  }
  return [mid.toFixed(), low.toFixed(), high.toFixed()];
}

const forecastOf = async (range: string) => (await overviewReport(handle.db, "c1", parseReportFilters(new URLSearchParams(`range=${range}`), new Date(clock)))).forecast;

describe("the Overview's forecast", () => {
  it("projects month and quarter to date from the raw rows, exactly", async () => {
    const raw = await rawDaily();
    const d = new Date(today);
    const periods = {
      mtd: [iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY)],
      qtd: [iso(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1)), iso(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3 + 3, 1) - DAY)],
    } as const;
    for (const [range, [from, to]] of Object.entries(periods)) {
      const f = await forecastOf(range);
      expect(f, range).toMatchObject({ period: range === "mtd" ? "month" : "quarter", from, to, today: iso(today) });
      for (const key of ["commissionAllCoins", "volumeAllCoins", "newTraders"] as const) {
        const got = f!.figures[key];
        expect(got.unavailable, `${range} ${key}`).toBeNull();
        const [value, low, high] = project(raw[key], from, to);
        expect([new Exact(got.value!).toFixed(), new Exact(got.low!).toFixed(), new Exact(got.high!).toFixed()], `${range} ${key}`).toEqual([value, low, high]);
        expect(got.daysLeft).toBe((ms(to) - today) / DAY + 1);
      }
    }
    expect(await forecastOf("30d")).toBeNull();
  });

  it("projects a share link's fixed days made from month to date (and the app's PDF, printed through one) while they end today", async () => {
    const mtd = await forecastOf("mtd");
    const fixed = async (from: string, to: string) => {
      const filters = filtersOf(new URLSearchParams({ range: "custom", from, to }), new Date(clock), { calendar: "mtd" });
      return (await overviewReport(handle.db, "c1", filters)).forecast;
    };
    expect(await fixed(mtd!.from, iso(today))).toEqual(mtd);
    // The next day the same fixed days are no longer to date: nothing projected.
    if (mtd!.from < iso(today - DAY)) expect(await fixed(mtd!.from, iso(today - DAY))).toBeNull();
  });

  it("exports the same projection as CSV, a row per figure with its unit, days and method; no rows on other ranges", async () => {
    const raw = await rawDaily();
    const csvOf = async (range: string) => {
      const query = new URLSearchParams(`range=${range}&table=forecast`);
      const out = await streamReportCsv({ db: handle.db, connectionId: "c1", report: "overview", table: "forecast", filters: parseReportFilters(query, new Date(clock)), query, now: clock });
      const [header, ...body] = parseCsv((await new Response(out.body).text()).replace(/^\uFEFF/, "")).filter((r) => !r[0]?.startsWith("#") && r.length > 1);
      return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
    };
    const d = new Date(today);
    const [from, to] = [iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY)];
    const rows = await csvOf("mtd");
    expect(rows.map((r) => [r.Figure, r.Unit])).toEqual([
      ["commissionAllCoins", "≈ USDT"],
      ["volumeAllCoins", "USDT"],
      ["newTraders", "people"],
    ]);
    for (const r of rows) {
      const [value, low, high] = project(raw[r.Figure as keyof typeof raw], from, to);
      expect([r.Projected, r["Range low"], r["Range high"]].map((v) => new Exact(v!).toFixed()), r.Figure).toEqual([value, low, high]);
      expect(r, r.Figure).toMatchObject({ "Period from": from, "Period to": to, "Made on": iso(today), "Days to come": String((ms(to) - today) / DAY + 1), "Not projected because": "" });
      expect(r.Method).toMatch(/weekday/);
    }
    expect(await csvOf("30d")).toEqual([]);
  });

  it("a digest of the Overview says the month's projection and where each goal stands; the quarter's once the team sets a goal on it", async () => {
    const raw = await rawDaily();
    const d = new Date(today);
    const month = [iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY)] as const;
    const quarter = [iso(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1)), iso(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3 + 3, 1) - DAY)] as const;
    const period = { from: iso(today - 7 * DAY), to: iso(today - DAY) };
    const view = { connectionId: "c1", report: "overview" as const, scope: { ...period, interval: "day" as const, tz: "UTC" }, percentages: false };
    const digest = () => computeDigestContent(handle.db, view, period, new Date(clock));
    // The commission line as it must read, from the raw rows: "≈ value USDT projected (low – high USDT)", 2 decimals.
    const commissionWords = ([from, to]: readonly [string, string]) => {
      const [value, low, high] = project(raw.commissionAllCoins, from, to).map((v) => new Exact(v).toFixed(2, Decimal.ROUND_HALF_UP)) as [string, string, string];
      return { value, high, words: `Commission, all coins: ≈ ${value} USDT projected (${low} – ${high} USDT)` };
    };

    const plain = await digest();
    expect(plain.forecast).toHaveLength(1);
    expect(plain.forecast[0]![0]).toMatch(/^Month-end forecast for .*, an estimate: /);
    expect(plain.forecast[0]).toContain(commissionWords(month).words);

    // A quarter target above the range's top: the quarter's block says it is projected to be missed.
    const q = commissionWords(quarter);
    const goal = new Exact(q.high).plus(1000).toFixed(0);
    const actor = { email: "analyst@example.com" };
    const made = await createTarget(handle.db, "c1", { kind: "target", metric: "commissionAllCoins", period: "quarter", starts: `${quarter[0].slice(0, 4)}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`, value: goal }, actor, new Date(clock));
    try {
      const withGoal = await digest();
      expect(withGoal.forecast).toHaveLength(2);
      expect(withGoal.forecast[0]).toEqual(plain.forecast[0]);
      const [heading, ...lines] = withGoal.forecast[1]!;
      expect(heading).toMatch(/^Quarter-end forecast for .*, an estimate: /);
      expect(lines).toContain(`${q.words}; target ${goal}.00 USDT: projected to miss it, even at the top of the range`);
      expect(lines.some((l) => l.startsWith("Trading volume, all coins: ≈ "))).toBe(true);
    } finally {
      await deleteTarget(handle.db, "c1", made.id, actor, new Date(clock));
    }
  });

  it("says a figure cannot be projected over a day not held, or a commission day whose close is not held", async () => {
    // The quarter's latest whole day with a BTC item (read from the raw items): its close is needed to value the day.
    const d = new Date(today);
    const quarterStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 1);
    const btcDays = sandbox.world.affiliate.commissionItems(clock).filter((i) => i.coin !== "USDT" && i.date >= quarterStart && i.date < today).map((i) => i.date);
    if (btcDays.length === 0) throw new Error("the world has no BTC item this quarter");
    const closeDay = Math.max(...btcDays);
    const [held] = await handle.db.select().from(priceCloses).where(and(eq(priceCloses.connectionId, "c1"), eq(priceCloses.day, iso(closeDay))));
    expect(held, `the close of ${iso(closeDay)} is held`).toBeDefined();
    await handle.db.execute(sql`delete from price_closes where connection_id = 'c1' and day = ${iso(closeDay)}::date`);
    const valuedGap = (await forecastOf("qtd"))!.figures;
    expect(valuedGap.commissionAllCoins.value).toBeNull();
    expect(valuedGap.commissionAllCoins.unavailable).toMatch(/1 of the \d+ days so far is not held/);
    expect(valuedGap.volumeAllCoins.unavailable).toBeNull();
    await handle.db.insert(priceCloses).values(held!);

    await coverFrom(today - 10 * DAY);
    const short = (await forecastOf("qtd"))!.figures;
    for (const figure of Object.values(short)) {
      expect(figure.value).toBeNull();
      expect(figure.unavailable).toMatch(/days so far are not held|days before today it reads are not held/);
    }
    await coverFrom(today - 150 * DAY);
  });
});
