// The schedule math of digests: every kind, the zone's own weekday and date, month ends, DST gaps and overlaps.
import { describe, expect, it } from "vitest";
import { digestPeriod, periodDays } from "./period";
import { describeSchedule, latestDueAtOrBefore, nextDueAfter, type Schedule } from "./schedule";
import { instantOfWallTime, offsetAt } from "./zone-time";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
/** Every occurrence after `from`, n of them. */
function occurrences(s: Schedule, from: string, n: number): string[] {
  const out: string[] = [];
  let t = at(from);
  for (let i = 0; i < n; i += 1) {
    t = nextDueAfter(s, t);
    out.push(iso(t));
  }
  return out;
}

describe("wall time in a zone", () => {
  it("knows Berlin's offsets in winter and summer", () => {
    expect(offsetAt("Europe/Berlin", at("2026-01-15T12:00:00Z"))).toBe(3_600_000);
    expect(offsetAt("Europe/Berlin", at("2026-07-15T12:00:00Z"))).toBe(7_200_000);
    expect(offsetAt("Asia/Kolkata", at("2026-07-15T12:00:00Z"))).toBe(19_800_000);
  });
  it("maps a skipped wall time to the moment the clocks jump, and a doubled one to its first instant", () => {
    // 2026-03-29: Berlin skips 02:00–03:00 (01:00 UTC).
    expect(iso(instantOfWallTime("Europe/Berlin", { year: 2026, month: 3, day: 29, hour: 2, minute: 30 }))).toBe("2026-03-29T01:00:00.000Z");
    // 2026-10-25: Berlin has 02:00–03:00 twice; the first is CEST (00:30 UTC), the second CET (01:30 UTC).
    expect(iso(instantOfWallTime("Europe/Berlin", { year: 2026, month: 10, day: 25, hour: 2, minute: 30 }))).toBe("2026-10-25T00:30:00.000Z");
    // New York skips 02:00–03:00 on 2026-03-08 (07:00 UTC).
    expect(iso(instantOfWallTime("America/New_York", { year: 2026, month: 3, day: 8, hour: 2, minute: 15 }))).toBe("2026-03-08T07:00:00.000Z");
  });
});

describe("daily", () => {
  const s: Schedule = { kind: "daily", time: "08:00", timeZone: "Europe/Berlin" };
  it("runs every day at the local time, following the zone's offset across the change", () => {
    expect(occurrences(s, "2026-03-27T12:00:00Z", 3)).toEqual(["2026-03-28T07:00:00.000Z", "2026-03-29T06:00:00.000Z", "2026-03-30T06:00:00.000Z"]);
  });
  it("is strictly after t: due exactly now means the next day", () => {
    expect(iso(nextDueAfter(s, at("2026-01-10T07:00:00Z")))).toBe("2026-01-11T07:00:00.000Z");
    expect(iso(nextDueAfter(s, at("2026-01-10T06:59:59.999Z")))).toBe("2026-01-10T07:00:00.000Z");
  });
  it("runs at the first valid instant on the spring-forward day and once on the fall-back day", () => {
    const night: Schedule = { kind: "daily", time: "02:30", timeZone: "Europe/Berlin" };
    expect(occurrences(night, "2026-03-27T12:00:00Z", 3)).toEqual([
      "2026-03-28T01:30:00.000Z", // 02:30 CET
      "2026-03-29T01:00:00.000Z", // 02:30 does not exist: 03:00 CEST, the moment the clocks jump
      "2026-03-30T00:30:00.000Z", // 02:30 CEST
    ]);
    expect(occurrences(night, "2026-10-23T12:00:00Z", 3)).toEqual([
      "2026-10-24T00:30:00.000Z", // 02:30 CEST
      "2026-10-25T00:30:00.000Z", // the first 02:30 (CEST); the second (01:30 UTC) does not run
      "2026-10-26T01:30:00.000Z", // 02:30 CET
    ]);
    // Asked between the two 02:30s of the fall-back day, the next is the following day's.
    expect(iso(nextDueAfter(night, at("2026-10-25T01:00:00Z")))).toBe("2026-10-26T01:30:00.000Z");
  });
  it("handles the southern hemisphere and half-hour changes", () => {
    // Sydney: clocks go back 03:00 → 02:00 on 2026-04-05, forward 02:00 → 03:00 on 2026-10-04.
    const sydney: Schedule = { kind: "daily", time: "02:30", timeZone: "Australia/Sydney" };
    expect(occurrences(sydney, "2026-04-03T12:00:00Z", 3)).toEqual([
      "2026-04-03T15:30:00.000Z", // 02:30 AEDT
      "2026-04-04T15:30:00.000Z", // the fall-back day: the first 02:30 (AEDT) only
      "2026-04-05T16:30:00.000Z", // 02:30 AEST
    ]);
    expect(iso(nextDueAfter(sydney, at("2026-04-04T16:00:00Z")))).toBe("2026-04-05T16:30:00.000Z"); // between the two 02:30s
    expect(iso(nextDueAfter(sydney, at("2026-10-03T12:00:00Z")))).toBe("2026-10-03T16:00:00.000Z"); // 02:30 skipped: 03:00 AEDT
    // Lord Howe Island moves its clocks by 30 minutes: 02:00 → 02:30 on 2026-10-04.
    const lordHowe: Schedule = { kind: "daily", time: "02:15", timeZone: "Australia/Lord_Howe" };
    expect(iso(nextDueAfter(lordHowe, at("2026-10-03T12:00:00Z")))).toBe("2026-10-03T15:30:00.000Z"); // 02:30 +11, the jump
  });
  it("handles a zone east of UTC whose local day starts the day before in UTC", () => {
    const tokyo: Schedule = { kind: "daily", time: "07:00", timeZone: "Asia/Tokyo" };
    expect(iso(nextDueAfter(tokyo, at("2026-05-01T21:00:00Z")))).toBe("2026-05-01T22:00:00.000Z");
    expect(iso(nextDueAfter(tokyo, at("2026-05-01T22:00:00Z")))).toBe("2026-05-02T22:00:00.000Z");
  });
});

describe("weekly", () => {
  it("runs on the zone's weekday, not UTC's", () => {
    // Monday 07:00 in Tokyo is Sunday 22:00 UTC.
    const s: Schedule = { kind: "weekly", weekday: 1, time: "07:00", timeZone: "Asia/Tokyo" };
    expect(occurrences(s, "2026-11-18T00:00:00Z", 2)).toEqual(["2026-11-22T22:00:00.000Z", "2026-11-29T22:00:00.000Z"]);
    expect(new Date(at("2026-11-22T22:00:00Z")).getUTCDay()).toBe(0); // a Sunday in UTC
    // Sunday 20:00 in Los Angeles is Monday 04:00 UTC (PST).
    const la: Schedule = { kind: "weekly", weekday: 0, time: "20:00", timeZone: "America/Los_Angeles" };
    expect(iso(nextDueAfter(la, at("2026-11-20T00:00:00Z")))).toBe("2026-11-23T04:00:00.000Z");
  });
  it("keeps its local time across a DST change", () => {
    const s: Schedule = { kind: "weekly", weekday: 0, time: "09:00", timeZone: "Europe/Berlin" };
    expect(occurrences(s, "2026-03-20T00:00:00Z", 2)).toEqual(["2026-03-22T08:00:00.000Z", "2026-03-29T07:00:00.000Z"]);
  });
});

describe("monthly", () => {
  it("clamps a day the month lacks to its last day, and goes back to the day when the month has it", () => {
    const s: Schedule = { kind: "monthly", dayOfMonth: 31, time: "06:00", timeZone: "UTC" };
    expect(occurrences(s, "2026-01-01T00:00:00Z", 5)).toEqual([
      "2026-01-31T06:00:00.000Z",
      "2026-02-28T06:00:00.000Z",
      "2026-03-31T06:00:00.000Z",
      "2026-04-30T06:00:00.000Z",
      "2026-05-31T06:00:00.000Z",
    ]);
    const leap: Schedule = { kind: "monthly", dayOfMonth: 30, time: "06:00", timeZone: "UTC" };
    expect(iso(nextDueAfter(leap, at("2028-02-01T00:00:00Z")))).toBe("2028-02-29T06:00:00.000Z");
  });
  it("uses the zone's date: the 1st at 08:00 in Tokyo is the last day of the month before in UTC", () => {
    const s: Schedule = { kind: "monthly", dayOfMonth: 1, time: "08:00", timeZone: "Asia/Tokyo" };
    expect(iso(nextDueAfter(s, at("2026-11-15T00:00:00Z")))).toBe("2026-11-30T23:00:00.000Z");
  });
});

describe("catch-up after downtime", () => {
  it("finds only the latest missed occurrence", () => {
    const s: Schedule = { kind: "daily", time: "08:00", timeZone: "UTC" };
    expect(iso(latestDueAtOrBefore(s, at("2026-06-10T12:00:00Z")))).toBe("2026-06-10T08:00:00.000Z");
    expect(iso(latestDueAtOrBefore(s, at("2026-06-10T08:00:00Z")))).toBe("2026-06-10T08:00:00.000Z");
    expect(iso(latestDueAtOrBefore(s, at("2026-06-10T07:59:00Z")))).toBe("2026-06-09T08:00:00.000Z");
    const w: Schedule = { kind: "weekly", weekday: 3, time: "02:30", timeZone: "Europe/Berlin" };
    expect(iso(latestDueAtOrBefore(w, at("2026-10-30T00:00:00Z")))).toBe("2026-10-28T01:30:00.000Z");
  });
});

describe("the period a run reports", () => {
  it("is whole UTC days up to the last day that ended before the run", () => {
    expect(digestPeriod("daily", at("2026-11-24T07:00:00Z"))).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    expect(digestPeriod("weekly", at("2026-11-23T07:00:00Z"))).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(periodDays(digestPeriod("weekly", at("2026-11-23T07:00:00Z")))).toBe(7);
  });
  it("is last month for a monthly digest on the 1st, one month back otherwise (clamped)", () => {
    expect(digestPeriod("monthly", at("2026-03-01T06:00:00Z"))).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(digestPeriod("monthly", at("2026-01-01T06:00:00Z"))).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(digestPeriod("monthly", at("2026-03-15T06:00:00Z"))).toEqual({ from: "2026-02-15", to: "2026-03-14" });
    expect(digestPeriod("monthly", at("2026-03-31T06:00:00Z"))).toEqual({ from: "2026-02-28", to: "2026-03-30" });
  });
});

describe("in words", () => {
  it("says the schedule", () => {
    expect(describeSchedule({ kind: "weekly", weekday: 1, time: "08:00", timeZone: "Europe/Berlin" })).toBe("Weekly on Monday at 08:00 (Europe/Berlin)");
    expect(describeSchedule({ kind: "monthly", dayOfMonth: 31, time: "06:00", timeZone: "UTC" })).toBe("Monthly on day 31 (or the month's last day) at 06:00 (UTC)");
  });
});
