import { describe, expect, it } from "vitest";
import { describeScope } from "./scope-label";
import { rangeZoneNote, scopeZoneWords } from "./zone-words";

describe("time zone words", () => {
  it("say UTC when the report buckets in UTC or has no time zone", () => {
    expect(rangeZoneNote(undefined)).toBe("UTC");
    expect(rangeZoneNote("UTC")).toBe("UTC");
    expect(scopeZoneWords("UTC")).toBe("UTC days");
  });

  it("name the chosen zone and say it moves the buckets, not the range's UTC days", () => {
    expect(rangeZoneNote("Asia/Tokyo")).toBe("UTC days; charts bucketed in Asia/Tokyo time");
    expect(rangeZoneNote("America/New_York")).toBe("UTC days; charts bucketed in America/New_York time");
    expect(scopeZoneWords("America/New_York")).toBe("UTC days · buckets in America/New_York");
  });

  it("scope labels no longer call the range's days the zone's days", () => {
    const scope = { from: "2026-10-24", to: "2026-11-22", interval: "day" as const, tz: "Asia/Tokyo" };
    expect(describeScope(scope)).toBe("2026-10-24 – 2026-11-22 · UTC days · buckets in Asia/Tokyo");
    expect(describeScope({ ...scope, tz: "UTC" })).toBe("2026-10-24 – 2026-11-22 · UTC days");
  });
});
