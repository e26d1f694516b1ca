/**
 * The planning alert (issue #28): a target or tier threshold whose month's projection falls short of it by more than
 * the rule's share fires once for that day, says the figures, and stays quiet for a target within the share, one
 * already reached, another month's, and one on a figure without a forecast (net deposits). The projection itself is tested against raw rows in overview-forecast.test.ts;
 * here the short share is checked against the target and projection the event carries, in decimal.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateConnection } from "@/lib/alerts/evaluate";
import { ruleInputSchema } from "@/lib/alerts/kinds";
import { createRule } from "@/lib/alerts/rules-store";
import { createDb, type DbHandle } from "@/lib/db/client";
import { overviewForecast } from "@/lib/forecast/overview";
import { parseReportFilters } from "@/lib/reports/filters";
import { createTarget } from "@/lib/targets/store";
import { analyst, CONNECTION, NOW, seedAlertWorld } from "../support/alerts-world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await seedAlertWorld(handle.db);
}, 120_000);
afterAll(() => handle.close());

const at = (ms: number) => new Date(ms);
const month = new Date(NOW).toISOString().slice(0, 7);

describe("a target projected to be missed", () => {
  it("fires for a target short by more than the share, once a day, and not for one within it, reached or of another month", async () => {
    const forecast = (await overviewForecast(handle.db, CONNECTION, parseReportFilters(new URLSearchParams("range=mtd"), at(NOW))))!;
    const volume = forecast.figures.volumeAllCoins;
    const traders = forecast.figures.newTraders;
    expect(volume.value, "the month's volume is projected").not.toBeNull();
    expect(traders.soFar, "new traders so far").not.toBeNull();
    // 25 % above the projection: 20 % short of it. 5 % above: within a 10 % share.
    const far = new Decimal(volume.value!).times("1.25").toFixed(0);
    const near = new Decimal(volume.value!).times("1.05").toFixed(0);
    const missed = await createTarget(handle.db, CONNECTION, { kind: "target", metric: "volumeAllCoins", period: "month", starts: month, value: far }, analyst, at(NOW));
    await createTarget(handle.db, CONNECTION, { kind: "tier", name: "Near", metric: "volumeAllCoins", period: "month", value: near }, analyst, at(NOW));
    await createTarget(handle.db, CONNECTION, { kind: "target", metric: "newTraders", period: "month", starts: month, value: "1" }, analyst, at(NOW));
    await createTarget(handle.db, CONNECTION, { kind: "target", metric: "volumeAllCoins", period: "month", starts: "2020-01", value: far }, analyst, at(NOW));
    // Net deposits has no forecast: a target far out of reach on it is nothing "any figure" can project to miss.
    await createTarget(handle.db, CONNECTION, { kind: "target", metric: "netDeposits", period: "month", starts: month, value: "999999999999" }, analyst, at(NOW));
    const input = { name: "Month at risk", params: { kind: "target-forecast", figure: "any", period: "month", percent: 10 }, cooldownMinutes: 5 };
    const rule = await createRule(handle.db, ruleInputSchema.parse(input), CONNECTION, analyst, at(NOW));

    const first = await evaluateConnection(handle.db, CONNECTION, { now: at(NOW) });
    const events = first.events.filter((e) => e.ruleId === rule.id);
    expect(events).toHaveLength(1);
    const f = events[0]!.figures as Record<string, string>;
    expect(f.target).toBe(far);
    expect(f.projected).toBe(volume.value);
    expect(new Decimal(f.shortPercent!).toFixed(2)).toBe(new Decimal(far).minus(volume.value!).div(far).times(100).toFixed(2));
    expect(events[0]!.sentence).toMatch(/^Trading volume, all coins of 1–30 Nov 2026 is projected at ≈ [\d]+ USDT \(range \d+ – \d+ USDT\), 20\.0 % short of the target, \d+ USDT/);
    expect(events[0]!.conditionKey).toBe(`target-forecast:${missed.id}`);

    // The same day again, past the cooldown: the same data, no second event.
    const again = await evaluateConnection(handle.db, CONNECTION, { now: at(NOW + 10 * 60_000) });
    expect(again.events.filter((e) => e.ruleId === rule.id)).toEqual([]);

    // A 3 % share also catches the tier 5 % above the projection.
    const tight = await createRule(handle.db, ruleInputSchema.parse({ ...input, name: "Tight", params: { ...input.params, figure: "volumeAllCoins", percent: 3 } }), CONNECTION, analyst, at(NOW));
    const both = (await evaluateConnection(handle.db, CONNECTION, { now: at(NOW) })).events.filter((e) => e.ruleId === tight.id);
    expect(both.map((e) => (e.figures as Record<string, string>).target).sort()).toEqual([far, near].sort());
  });

  it("refuses a bad figure, period or share in words", () => {
    for (const params of [
      { kind: "target-forecast", figure: "profit", period: "month", percent: 10 },
      // A target's figure the forecast does not project: the rule could never judge it.
      { kind: "target-forecast", figure: "netDeposits", period: "month", percent: 10 },
      { kind: "target-forecast", figure: "any", period: "week", percent: 10 },
      { kind: "target-forecast", figure: "any", period: "month", percent: 0 },
    ]) {
      const parsed = ruleInputSchema.safeParse({ name: "x", params, cooldownMinutes: 60 });
      expect(parsed.success, JSON.stringify(params)).toBe(false);
    }
  });
});
