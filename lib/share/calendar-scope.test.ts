import { describe, expect, it } from "vitest";
import { parseReportFilters } from "../reports/filters";
import { periodsOf } from "../reports/periods";
import { linkRange, linkRangeWords } from "./link-sentence";
import { datesInWords } from "./rolling";
import { checkScope, daysAt, describeShareScope, filtersOf, scopeFromFilters, scopeParams, type ShareScope } from "./scope";

const at = (iso: string) => new Date(iso);
const CREATED = at("2026-11-26T11:00:00Z");
const scopeOf = (query: string, dates: "fixed" | "rolling" = "fixed") => scopeFromFilters(parseReportFilters(new URLSearchParams(query), CREATED), dates);
/** The periods a shared view of `scope` states when opened at `now`, as the share routes read them. */
const periodsAt = (scope: ShareScope, now: Date) => {
  const check = checkScope(scope, new URLSearchParams(), { now });
  if (!check.ok) throw new Error(check.reason);
  return periodsOf(filtersOf(check.params, now, scope).range);
};

describe("a share link made from a calendar preset compares calendar stretches, fixed or rolling", () => {
  it("remembers the preset; rolling presets and custom days keep none", () => {
    expect(scopeOf("range=lastmonth")).toMatchObject({ from: "2026-10-01", to: "2026-10-31", calendar: "lastmonth" });
    expect(scopeOf("range=mtd", "rolling")).toMatchObject({ from: "2026-11-01", to: "2026-11-26", rollingDays: 26, calendar: "mtd" });
    expect(scopeOf("range=30d").calendar).toBeUndefined();
    expect(scopeOf("range=custom&from=2026-10-01&to=2026-10-31").calendar).toBeUndefined();
  });

  it("fixed 'Last month' (October) opened in January: October against September, not the 31 days before", () => {
    const p = periodsAt(scopeOf("range=lastmonth"), at("2027-01-15T09:00:00Z"));
    expect(p.current).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(p.previous).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(p.partialDay).toBeNull();
  });

  it("fixed 'Month to date' made on 26 Nov, opened later: 1–26 Nov against 1–26 Oct (it was 6–31 Oct)", () => {
    const p = periodsAt(scopeOf("range=mtd"), at("2026-12-03T09:00:00Z"));
    expect(p.current).toEqual({ from: "2026-11-01", to: "2026-11-26" });
    expect(p.previous).toEqual({ from: "2026-10-01", to: "2026-10-26" });
    // The same days as custom dates, without the preset: the rolling rule, as before.
    const custom = scopeOf("range=custom&from=2026-11-01&to=2026-11-26");
    expect(periodsAt(custom, at("2026-12-03T09:00:00Z")).previous).toEqual({ from: "2026-10-06", to: "2026-10-31" });
  });

  it("rolling 'Last month' opened in December shows November against October; rolling MTD is month to date of that day", () => {
    const lastMonth = scopeOf("range=lastmonth", "rolling");
    const december = at("2026-12-10T08:00:00Z");
    expect(scopeParams(lastMonth, december).toString()).toBe("range=lastmonth");
    expect(daysAt(lastMonth, december)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(periodsAt(lastMonth, december)).toMatchObject({ current: { from: "2026-11-01", to: "2026-11-30" }, previous: { from: "2026-10-01", to: "2026-10-31" } });
    const mtd = scopeOf("range=mtd", "rolling");
    expect(periodsAt(mtd, december)).toMatchObject({ current: { from: "2026-12-01", to: "2026-12-10" }, previous: { from: "2026-11-01", to: "2026-11-10" }, partialDay: "2026-12-10" });
    // Its scope holds: a viewer asking for other days is refused, the preset itself is allowed.
    expect(checkScope(mtd, new URLSearchParams("range=custom&from=2026-11-01&to=2026-11-26"), { now: december }).ok).toBe(false);
    expect(checkScope(mtd, new URLSearchParams("range=mtd"), { now: december }).ok).toBe(true);
  });

  it("says so in words: the dialog's list, the link's sentence and the shared page's scope", () => {
    const rolling = scopeOf("range=lastmonth", "rolling");
    expect(datesInWords(rolling)).toBe("rolling: last month");
    expect(linkRangeWords(linkRange(rolling))).toBe("last month, rolling (as of the day it is opened)");
    expect(describeShareScope(rolling, at("2026-12-10T08:00:00Z"))).toBe("Last month, rolling (now 2026-11-01 – 2026-11-30 · UTC days)");
    expect(datesInWords(scopeOf("range=lastmonth"))).toBe("fixed: 1 Oct → 31 Oct 2026");
  });
});
