import { describe, expect, it } from "vitest";
import { NO_FORECAST, periodProgressOf, progressOf, STANDING_WORDS, targetsFor } from "./progress";
import type { Target } from "./types";

const figure = (soFar: string, value: string, low: string, high: string) => ({ soFar, value, low, high, daysDone: 26, daysLeft: 4, unavailable: null });

describe("progressOf", () => {
  it("says reached, on track, a stretch or short, with exact shares and the gap", () => {
    expect(progressOf("600", figure("660.54", "749.91", "715.04", "794.78"))).toEqual({ standing: "reached", soFarShare: "1.1009", projectedShare: "1.2499", gap: "149.91" });
    expect(progressOf("700", figure("660.54", "749.91", "715.04", "794.78")).standing).toBe("on-track");
    expect(progressOf("780", figure("660.54", "749.91", "715.04", "794.78"))).toEqual({ standing: "within-reach", soFarShare: "0.8468", projectedShare: "0.9614", gap: "-30.09" });
    expect(progressOf("800", figure("660.54", "749.91", "715.04", "794.78")).standing).toBe("short");
    // The boundaries count as met: a projection equal to the target is on track.
    expect(progressOf("749.91", figure("660.54", "749.91", "715.04", "794.78")).standing).toBe("on-track");
  });

  it("is unknown without a projection", () => {
    const none = { value: null, low: null, high: null, soFar: null, daysDone: 0, daysLeft: 0, unavailable: "1 of the 26 days so far is not held" };
    expect(progressOf("800", none)).toEqual({ standing: "unknown", soFarShare: null, projectedShare: null, gap: null });
  });
});

describe("targetsFor", () => {
  const t = (kind: Target["kind"], period: Target["period"], starts: string | null): Target => ({ id: `${kind}${period}${starts}`, kind, name: null, metric: "newTraders", period, starts, value: "1", updatedAt: 0, updatedByEmail: "a@b" });
  it("takes the period's own targets and every tier of that period length", () => {
    const all = [t("target", "month", "2026-11"), t("target", "month", "2026-10"), t("target", "quarter", "2026-Q4"), t("tier", "month", null), t("tier", "quarter", null)];
    expect(targetsFor(all, "month", "2026-11").map((x) => x.id)).toEqual(["targetmonth2026-11", "tiermonthnull"]);
    expect(targetsFor(all, "quarter", "2026-Q4").map((x) => x.id)).toEqual(["targetquarter2026-Q4", "tierquarternull"]);
  });
});

describe("periodProgressOf (a figure without a forecast)", () => {
  it("is reached once the value so far meets the target, with its exact share and no projection", () => {
    // 1,250.50 of 1,000: 1.2505; exactly the target: reached (the boundary counts as met).
    expect(periodProgressOf("1000", "1250.5")).toEqual({ standing: "reached", soFarShare: "1.2505", projectedShare: null, gap: null });
    expect(periodProgressOf("1000", "1000").standing).toBe("reached");
    expect(periodProgressOf("3", "3").soFarShare).toBe("1");
    expect(periodProgressOf("3", "7").soFarShare).toBe("2.3333");
  });

  it("is not reached yet below it, a negative so far (more withdrawn than deposited) included", () => {
    expect(periodProgressOf("1000", "999.99")).toEqual({ standing: "not-yet", soFarShare: "0.9999", projectedShare: null, gap: null });
    expect(periodProgressOf("800", "200")).toEqual({ standing: "not-yet", soFarShare: "0.25", projectedShare: null, gap: null });
    expect(periodProgressOf("500", "-125")).toEqual({ standing: "not-yet", soFarShare: "-0.25", projectedShare: null, gap: null });
    expect(periodProgressOf("40", "0")).toEqual({ standing: "not-yet", soFarShare: "0", projectedShare: null, gap: null });
  });

  it("is not known where the period so far is not held: never read as 0", () => {
    expect(periodProgressOf("1000", null)).toEqual({ standing: "not-held", soFarShare: null, projectedShare: null, gap: null });
    expect(STANDING_WORDS["not-held"]).toContain("not synced");
    expect(NO_FORECAST).toBe("no forecast for this figure");
  });
});
