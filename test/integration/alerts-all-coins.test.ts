/**
 * A period-change rule on "Commission, all coins (≈ USDT)": each month's total is USDT items as paid plus every other
 * coin's items × the close of their own day, equal to an independent decimal.js computation over the world's raw
 * items and the closes planted here; a month holding a day without a close is not judged, and the outcome says so.
 */
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateConnection } from "@/lib/alerts/evaluate";
import { ruleInputSchema } from "@/lib/alerts/kinds";
import { createRule, setRuleState } from "@/lib/alerts/rules-store";
import { createDb, type DbHandle } from "@/lib/db/client";
import { priceCloses } from "@/lib/db/schema";
import { analyst, CONNECTION, DAY, NOW, seedAlertWorld, world } from "../support/alerts-world";

let handle: DbHandle;
const FIRST_DAY = Math.floor(NOW / DAY) * DAY - 100 * DAY;
const LAST_DAY = Math.floor(NOW / DAY) * DAY;
/** A made-up close per UTC day, different every day, so a value taken at the wrong day's price cannot pass. */
const closeOf = (day: number) => new Decimal(60_000).plus(new Decimal((day - FIRST_DAY) / DAY).times("137.0125")).toFixed();

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await seedAlertWorld(handle.db);
  const rows = [];
  for (let day = FIRST_DAY; day <= LAST_DAY; day += DAY) {
    rows.push({ connectionId: CONNECTION, symbol: "BTCUSDT", day: new Date(day).toISOString().slice(0, 10), basis: "utc" as const, close: closeOf(day), priceTime: day + DAY, final: true });
  }
  await handle.db.insert(priceCloses).values(rows);
}, 120_000);
afterAll(() => handle.close());

const OCTOBER = [Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 31)] as const;
const SEPTEMBER = [Date.UTC(2026, 8, 1), Date.UTC(2026, 8, 30)] as const;

/** The truth from the raw items: USDT as paid, BTC × its own day's close; any other coin would have no price here. */
function allCoinsTruth([from, to]: readonly [number, number]): Decimal {
  return world
    .commissionItems(NOW)
    .filter((i) => i.date >= from && i.date <= to)
    .reduce((sum, i) => {
      if (i.coin === "USDT") return sum.plus(i.commission);
      if (i.coin === "BTC") return sum.plus(new Decimal(i.commission).times(closeOf(i.date)));
      throw new Error(`the world pays in ${i.coin}: plant its closes too`);
    }, new Decimal(0));
}

async function rule(name: string, params: Record<string, unknown>) {
  return createRule(handle.db, ruleInputSchema.parse({ name, params, cooldownMinutes: 60 }), CONNECTION, analyst, new Date(NOW));
}

describe("alerts on commission of all coins in ≈ USDT", () => {
  it("a monthly rule compares October with September valued at each day's close, exactly", async () => {
    const months = [OCTOBER, SEPTEMBER].map((m) => world.commissionItems(NOW).filter((i) => i.coin === "BTC" && i.date >= m[0] && i.date <= m[1]).length);
    expect(months.every((n) => n > 0), "both months hold BTC items").toBe(true);
    const cur = allCoinsTruth(OCTOBER);
    const prev = allCoinsTruth(SEPTEMBER);
    const r = await rule("All coins monthly", { kind: "period-change", metric: "commissionAllCoins", period: "month", direction: "either", percent: 0.001 });
    const { events } = await evaluateConnection(handle.db, CONNECTION, { now: new Date(NOW) });
    const mine = events.filter((e) => e.ruleId === r.id);
    expect(mine).toHaveLength(1);
    const f = mine[0]!.figures as Record<string, string>;
    expect(new Decimal(f.current!).equals(cur), `${f.current} = ${cur.toFixed()}`).toBe(true);
    expect(new Decimal(f.previous!).equals(prev), `${f.previous} = ${prev.toFixed()}`).toBe(true);
    expect(f.changePercent).toBe(cur.minus(prev).div(prev).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    expect(f.coin).toBe("USDT");
    // The sentence says it is an estimate and on what prices.
    expect(mine[0]!.sentence).toContain("Commission, all coins (≈, each day's close)");
    expect(mine[0]!.sentence).toContain("BTC valued at each day's close of BTCUSDT (00:00 UTC)");
    expect(mine[0]!.links).toEqual([{ label: "Commissions", href: "/commissions?from=2026-09-01&to=2026-10-31&range=custom" }]);
    await setRuleState(handle.db, r.id, { paused: true }, analyst, new Date(NOW));
  });

  it("a month holding a day without a close is not judged, and the outcome says what was not valued", async () => {
    const btcDay = world.commissionItems(NOW).find((i) => i.coin === "BTC" && i.date >= OCTOBER[0] && i.date <= OCTOBER[1])!.date;
    await handle.db.execute(sql`delete from price_closes where connection_id = ${CONNECTION} and day = ${new Date(btcDay).toISOString().slice(0, 10)}::date`);
    const r = await rule("All coins, a close missing", { kind: "period-change", metric: "commissionAllCoins", period: "month", direction: "either", percent: 0.001 });
    const { events, outcomes } = await evaluateConnection(handle.db, CONNECTION, { now: new Date(NOW) });
    expect(events.filter((e) => e.ruleId === r.id)).toHaveLength(0);
    const notes = outcomes.find((o) => o.ruleId === r.id)!.notes.join(" ");
    expect(notes).toMatch(/^Commission, all coins of 2026-10-01 → 2026-10-31 against 2026-09-01 → 2026-09-30: Not valued/);
    expect(notes).toContain("BTC");
  });

  it("refuses a coin on the all-coins figure, in words", () => {
    const parsed = ruleInputSchema.safeParse({ name: "x", params: { kind: "period-change", metric: "commissionAllCoins", period: "day", direction: "up", percent: 5, coin: "BTC" }, cooldownMinutes: 60 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message).join(" ")).toContain("all coins are valued together in USDT");
  });
});
