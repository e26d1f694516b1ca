import { describe, expect, it } from "vitest";
import { parseReportFilters } from "../reports/filters";
import { datesInWords, dayRangeWords, daysBetween, rollingDays } from "./rolling";
import { checkScope, describeShareScope, filtersOf, scopeFromFilters, scopeParams, shareScopeSchema, type ShareScope } from "./scope";

const at = (iso: string) => new Date(iso);
const rolling = (days: number, tz = "UTC"): ShareScope => ({ from: "2026-08-27", to: "2026-11-24", interval: "day", tz, rollingDays: days });

describe("rolling share links: the last N days up to now", () => {
  it("are made from the view's own length in days; fixed links keep no length (old rows read as fixed)", () => {
    const filters = parseReportFilters(new URLSearchParams("range=90d"), at("2026-11-24T12:00:00Z"));
    expect(scopeFromFilters(filters, "rolling")).toEqual({ from: "2026-08-27", to: "2026-11-24", interval: "day", tz: "UTC", rollingDays: 90 });
    expect(scopeFromFilters(filters)).toEqual({ from: "2026-08-27", to: "2026-11-24", interval: "day", tz: "UTC" });
    const old = shareScopeSchema.parse({ from: "2026-08-27", to: "2026-11-24", interval: "day", tz: "UTC" });
    expect(scopeParams(old, at("2027-03-01T00:00:00Z")).toString()).toBe("range=custom&from=2026-08-27&to=2026-11-24");
    expect(shareScopeSchema.safeParse({ ...old, rollingDays: 0 }).success).toBe(false);
    expect(daysBetween("2026-11-24", "2026-11-24")).toBe(1);
  });

  it("move at midnight UTC, exactly N whole days ending today", () => {
    expect(rollingDays(30, "UTC", at("2026-11-24T23:59:59.999Z"))).toEqual({ from: "2026-10-26", to: "2026-11-24" });
    expect(rollingDays(30, "UTC", at("2026-11-25T00:00:00.000Z"))).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    expect(rollingDays(1, "UTC", at("2026-03-01T00:00:00.000Z"))).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    // Across a month end and a leap day.
    expect(rollingDays(3, "UTC", at("2028-03-01T08:00:00Z"))).toEqual({ from: "2028-02-28", to: "2028-03-01" });
  });

  it("end with the link's own today in a zone behind UTC, and with UTC's today in a zone already in tomorrow", () => {
    // 02:00 UTC on the 25th is 21:00 on the 24th in New York: New York's days.
    expect(rollingDays(30, "America/New_York", at("2026-11-25T02:00:00Z"))).toEqual({ from: "2026-10-26", to: "2026-11-24" });
    expect(rollingDays(30, "America/New_York", at("2026-11-25T05:00:00Z"))).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    // 20:00 UTC on the 24th is already the 25th in Tokyo, whose UTC day has not begun: the window ends with UTC's today.
    expect(rollingDays(30, "Asia/Tokyo", at("2026-11-24T20:00:00Z"))).toEqual({ from: "2026-10-26", to: "2026-11-24" });
    expect(rollingDays(30, "Asia/Tokyo", at("2026-11-25T00:00:00Z"))).toEqual({ from: "2026-10-27", to: "2026-11-25" });
  });

  it("resolve to a range of N days that never ends after now and never starts before its N days", () => {
    for (const [tz, iso] of [["UTC", "2026-11-24T00:00:00Z"], ["UTC", "2026-11-24T23:59:59.999Z"], ["Asia/Tokyo", "2026-11-24T16:00:00Z"], ["America/Los_Angeles", "2026-11-25T07:59:00Z"]] as const) {
      const now = at(iso);
      const filters = filtersOf(scopeParams(rolling(30, tz), now), now);
      expect(daysBetween(filters.range.from, filters.range.to), `${tz} ${iso}`).toBe(30);
      expect(filters.range.endTime, `${tz} ${iso}`).toBeLessThanOrEqual(now.getTime());
      expect(filters.range.startTime, `${tz} ${iso}`).toBeGreaterThanOrEqual(now.getTime() - 31 * 86_400_000);
      expect(filters.paramIssues, `${tz} ${iso}`).toEqual([]);
    }
  });

  it("refuse anything wider or older at request time, and yesterday's days once today has begun", () => {
    const scope = rolling(7);
    const monday = at("2026-11-23T18:00:00Z");
    const tuesday = at("2026-11-24T00:00:01Z");
    const same = checkScope(scope, new URLSearchParams("range=custom&from=2026-11-17&to=2026-11-23"), { now: monday });
    expect(same.ok && same.params.toString()).toBe("range=custom&from=2026-11-17&to=2026-11-23");
    const next = checkScope(scope, new URLSearchParams(""), { now: tuesday });
    expect(next.ok && next.params.toString()).toBe("range=custom&from=2026-11-18&to=2026-11-24");
    for (const q of ["range=custom&from=2026-11-17&to=2026-11-23", "from=2026-11-17", "range=30d", "range=7d", "from=2026-11-10&to=2026-11-24", "to=2026-11-25"]) {
      expect(checkScope(scope, new URLSearchParams(q), { now: tuesday }).ok, q).toBe(false);
    }
  });

  it("say what they are, in words", () => {
    expect(dayRangeWords("2026-08-27", "2026-11-24")).toBe("27 Aug → 24 Nov 2026");
    expect(dayRangeWords("2025-12-30", "2026-01-02")).toBe("30 Dec 2025 → 2 Jan 2026");
    expect(datesInWords({ from: "2026-08-27", to: "2026-11-24" })).toBe("fixed: 27 Aug → 24 Nov 2026");
    expect(datesInWords(rolling(90))).toBe("rolling: the last 90 days");
    expect(describeShareScope(rolling(30), at("2026-11-24T12:00:00Z"))).toBe("Last 30 days, rolling (now 2026-10-26 – 2026-11-24 · UTC days)");
    expect(describeShareScope({ from: "2026-10-26", to: "2026-11-24", interval: "day", tz: "UTC" }, at("2027-01-01T00:00:00Z"))).toBe("2026-10-26 – 2026-11-24 · UTC days");
  });
});
