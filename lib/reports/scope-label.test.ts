import { describe, expect, it } from "vitest";
import { describeScope } from "./scope-label";

const scope = { from: "2026-10-01", to: "2026-10-31", uid: "5100000123", interval: "day" as const, tz: "UTC" };

describe("describeScope", () => {
  it("names the uid as an invitee (masked on links that say so) except on the Sub-affiliate report, where it is the sub-affiliate", () => {
    expect(describeScope(scope)).toBe("2026-10-01 – 2026-10-31 · invitee 5100000123 · UTC days");
    expect(describeScope(scope, { maskUid: () => "inv-0000abcd" })).toBe("2026-10-01 – 2026-10-31 · invitee inv-0000abcd · UTC days");
    // A sub-affiliate is a partner: never masked.
    expect(describeScope(scope, { report: "sub-affiliate", maskUid: () => "inv-0000abcd" })).toBe("2026-10-01 – 2026-10-31 · sub-affiliate 5100000123 · UTC days");
  });
});
