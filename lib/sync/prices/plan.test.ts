import { describe, expect, it } from "vitest";
import type { Candle } from "../../weex/endpoints/klines";
import { closesFromCandles, closeTimeOf, coverageAfter, FIRST_RECENT_DAYS, planCloseRequests } from "./plan";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const D = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const candle = (openTime: number, close: string): Candle => [openTime, "1", "1", "1", close, "1"];

describe("daily-close planning", () => {
  it("a day's close time: next 00:00 UTC, or 16:00 UTC of the day itself (next 00:00 UTC+8)", () => {
    expect(closeTimeOf("utc", D("2026-03-01"))).toBe(D("2026-03-02"));
    expect(closeTimeOf("utc8", D("2026-03-01"))).toBe(D("2026-03-01") + 16 * HOUR);
  });

  it("first run: the recent month oldest first, then the history newest first, in calls of at most 1000 candles", () => {
    const now = D("2026-03-14") + 9 * HOUR;
    const first = D("2025-03-01");
    const utc = planCloseRequests("utc", first, { coveredFrom: null, coveredTo: null }, now);
    expect(utc.map((r) => [r.phase, r.fromDay, r.toDay])).toEqual([
      ["recent", D("2026-03-14") - (FIRST_RECENT_DAYS - 1) * DAY, D("2026-03-14")],
      ["history", first, D("2026-03-14") - FIRST_RECENT_DAYS * DAY],
    ]);
    expect(utc[0]?.params).toMatchObject({ interval: "1d", startTime: utc[0]?.fromDay, endTime: now, limit: 1000 });
    const utc8 = planCloseRequests("utc8", first, { coveredFrom: null, coveredTo: null }, now);
    expect(utc8[0]?.params).toMatchObject({ interval: "1h", startTime: utc8[0]!.fromDay + 15 * HOUR, endTime: now });
    // Every day from the first to today exactly once, and no call over 1000 hourly candles.
    const days = utc8.flatMap((r) => Array.from({ length: (r.toDay - r.fromDay) / DAY + 1 }, (_, i) => r.fromDay + i * DAY));
    expect(new Set(days).size).toBe(days.length);
    expect(Math.min(...days)).toBe(first);
    expect(days.length).toBe((D("2026-03-14") - first) / DAY + 1);
    for (const r of utc8) expect((r.params.endTime - r.params.startTime) / HOUR + 1).toBeLessThanOrEqual(1000);
  });

  it("later runs ask only from the coverage's end, and the history below its start", () => {
    const now = D("2026-03-14") + 20 * HOUR;
    const plan = planCloseRequests("utc", D("2026-01-01"), { coveredFrom: D("2026-02-01"), coveredTo: D("2026-03-13") }, now);
    expect(plan.map((r) => [r.phase, r.fromDay, r.toDay])).toEqual([
      ["recent", D("2026-03-13"), D("2026-03-14")],
      ["history", D("2026-01-01"), D("2026-01-31")],
    ]);
  });

  it("closes: the basis candle of each day; final once closed; today's running price when its candle has not opened", () => {
    const today = D("2026-03-14");
    const now = today + 10 * HOUR + 5 * 60_000;
    const hours = [candle(today - DAY + 14 * HOUR, "9"), candle(today - DAY + 15 * HOUR, "10"), candle(today - DAY + 16 * HOUR, "11"), candle(today + 10 * HOUR, "12")];
    expect(closesFromCandles("utc8", hours, { fromDay: today - DAY, toDay: today }, now)).toEqual([
      { day: today - DAY, close: "10", priceTime: today - DAY + 16 * HOUR, final: true },
      { day: today, close: "12", priceTime: now, final: false },
    ]);
    const days = [candle(today - DAY, "20"), candle(today, "21")];
    expect(closesFromCandles("utc", days, { fromDay: today - DAY, toDay: today }, now)).toEqual([
      { day: today - DAY, close: "20", priceTime: today, final: true },
      { day: today, close: "21", priceTime: now, final: false },
    ]);
  });

  it("coverage grows by the final days answered: today stays to be read again", () => {
    const now = D("2026-03-14") + 9 * HOUR;
    const req = planCloseRequests("utc", D("2026-03-10"), { coveredFrom: null, coveredTo: null }, now)[0]!;
    expect(coverageAfter("utc", { coveredFrom: null, coveredTo: null }, req, now)).toEqual({ coveredFrom: D("2026-03-10"), coveredTo: D("2026-03-14") });
    const req8 = planCloseRequests("utc8", D("2026-03-10"), { coveredFrom: null, coveredTo: null }, D("2026-03-14") + 17 * HOUR)[0]!;
    expect(coverageAfter("utc8", { coveredFrom: null, coveredTo: null }, req8, D("2026-03-14") + 17 * HOUR).coveredTo).toBe(D("2026-03-15"));
  });

  it("a close is final a minute after its close time (the exchange's clock may lag ours)", () => {
    const today = D("2026-03-14");
    const days = [candle(today - DAY, "20"), candle(today, "21")];
    expect(closesFromCandles("utc", days, { fromDay: today - DAY, toDay: today - DAY }, today + 30_000)[0]?.final).toBe(false);
    expect(closesFromCandles("utc", days, { fromDay: today - DAY, toDay: today - DAY }, today + 60_000)[0]?.final).toBe(true);
    const req = planCloseRequests("utc", today - DAY, { coveredFrom: null, coveredTo: null }, today + 30_000)[0]!;
    expect(coverageAfter("utc", { coveredFrom: null, coveredTo: null }, req, today + 30_000).coveredTo).toBe(today - DAY);
  });
});
