import { describe, expect, it } from "vitest";
import { FORECAST_METHOD } from "../forecast/project";
import type { OverviewForecast } from "../forecast/types";
import type { Target } from "../targets/types";
import { forecastLines } from "./forecast-lines";

const figure = (soFar: string, value: string, low: string, high: string) => ({ soFar, value, low, high, daysDone: 26, daysLeft: 4, unavailable: null });
const FORECAST: OverviewForecast = {
  period: "month",
  from: "2026-11-01",
  to: "2026-11-30",
  today: "2026-11-27",
  method: FORECAST_METHOD,
  figures: {
    commissionAllCoins: figure("660.54", "749.9125", "715.04", "794.78"),
    volumeAllCoins: figure("2581261", "2945543.4", "2806635", "3118521"),
    newTraders: { value: null, low: null, high: null, soFar: null, daysDone: 0, daysLeft: 0, unavailable: "1 of the 26 days so far is not held" },
  },
};
const target = (over: Partial<Target>): Target => ({ id: "t", kind: "target", name: null, metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "700", updatedAt: 0, updatedByEmail: "a@b", ...over });

describe("forecastLines", () => {
  it("says each figure's projection and range in its unit, and where each target and tier of the month stands", () => {
    const lines = forecastLines(FORECAST, [
      target({}),
      target({ id: "v", kind: "tier", name: "VIP 2", metric: "volumeAllCoins", starts: null, value: "3000000" }),
      target({ id: "old", starts: "2026-10", value: "1" }),
      target({ id: "q", period: "quarter", starts: "2026-Q4", value: "2000" }),
    ]);
    expect(lines).toEqual([
      `Month-end forecast for 1–30 Nov 2026, an estimate: ${FORECAST_METHOD}`,
      "Commission, all coins: ≈ 749.91 USDT projected (715.04 – 794.78 USDT); target 700.00 USDT: on track",
      "Trading volume, all coins: ≈ 2945543 USDT projected (2806635 – 3118521 USDT); tier VIP 2 3000000 USDT: a stretch: the projection falls short, only the top of the range meets it",
      "New traders: not projected (1 of the 26 days so far is not held)",
    ]);
  });
});
