import { describe, expect, it } from "vitest";
import { bucketFor, chartScopeOf, showsOn } from "./types";

const note = (day: string, inviteCode: string | null = null, subAffiliateUid: string | null = null) => ({ day, inviteCode, subAffiliateUid });

describe("which charts show an annotation", () => {
  const chart = { from: "2026-11-01", to: "2026-11-30" };
  it("shows one in the chart's days, the first and last day included", () => {
    expect([note("2026-10-31"), note("2026-11-01"), note("2026-11-30"), note("2026-12-01")].map((n) => showsOn(n, chart))).toEqual([false, true, true, false]);
  });
  it("shows a tied one on unnarrowed charts and on its own scope's, not on another scope's", () => {
    expect(showsOn(note("2026-11-05", "AAA"), chart)).toBe(true);
    expect(showsOn(note("2026-11-05", null, "1001"), { ...chart, sub: "1001" })).toBe(true);
    expect(showsOn(note("2026-11-05", null, "1001"), { ...chart, sub: "2002" })).toBe(false);
    expect(showsOn(note("2026-11-05", "AAA"), { ...chart, sub: "2002" })).toBe(false);
    expect(showsOn(note("2026-11-05"), { ...chart, sub: "2002" })).toBe(true);
  });
  it("takes a sub-affiliate page's uid as its scope, not an invitee page's", () => {
    expect(chartScopeOf("sub-affiliate", { ...chart, uid: "7" }).sub).toBe("7");
    expect(chartScopeOf("invitee", { ...chart, uid: "7" }).sub).toBeNull();
    expect(chartScopeOf("overview", { ...chart, sub: "8" }).sub).toBe("8");
  });
});

describe("the bucket an annotation is drawn at", () => {
  it("is the last bucket starting on or before its day (weeks, months), else the first", () => {
    const weeks = ["2026-10-26", "2026-11-02", "2026-11-09"];
    expect(bucketFor("2026-11-04", weeks)).toBe("2026-11-02");
    expect(bucketFor("2026-11-09", weeks)).toBe("2026-11-09");
    expect(bucketFor("2026-11-20", weeks)).toBe("2026-11-09");
    expect(bucketFor("2026-10-01", weeks)).toBe("2026-10-26");
    expect(bucketFor("2026-10-01", [])).toBeNull();
  });
});
