import { describe, expect, it } from "vitest";
import { forecastCsvRows } from "./csv-rows";
import type { ForecastFigure, OverviewForecast } from "./types";

const figure = (over: Partial<ForecastFigure>): ForecastFigure => ({ value: "10", low: "8", high: "12", soFar: "4", daysDone: 2, daysLeft: 3, unavailable: null, ...over });
const forecast: OverviewForecast = {
  period: "month",
  from: "2026-11-01",
  to: "2026-11-05",
  today: "2026-11-03",
  method: "The whole days so far, plus each weekday's mean.",
  figures: {
    commissionAllCoins: figure({ value: null, low: null, high: null, soFar: null, unavailable: "1 of the 2 days so far is not held" }),
    volumeAllCoins: figure({}),
    newTraders: figure({ value: "7.25", low: "6", high: "9", soFar: "3" }),
  },
};

describe("the forecast's CSV rows", () => {
  it("are one per figure, blank with the reason where not projected, never 0", () => {
    const rows = forecastCsvRows(forecast);
    expect(rows.map((r) => r.figure)).toEqual(["commissionAllCoins", "volumeAllCoins", "newTraders"]);
    expect(rows[0]).toMatchObject({ unit: "≈ USDT", soFar: "", projected: "", low: "", high: "", notProjected: "1 of the 2 days so far is not held" });
    expect(rows[1]).toMatchObject({ unit: "USDT", soFar: "4", projected: "10", low: "8", high: "12", notProjected: "", daysDone: 2, daysLeft: 3 });
    // The exact projection, unrounded: the page rounds people to a whole one, the CSV keeps the decimal.
    expect(rows[2]).toMatchObject({ unit: "people", projected: "7.25", periodFrom: "2026-11-01", periodTo: "2026-11-05", madeOn: "2026-11-03" });
    expect(rows.every((r) => r.method === forecast.method)).toBe(true);
  });

  it("are none without a forecast (any range but month or quarter to date)", () => {
    expect(forecastCsvRows(null)).toEqual([]);
    expect(forecastCsvRows(undefined)).toEqual([]);
  });
});
