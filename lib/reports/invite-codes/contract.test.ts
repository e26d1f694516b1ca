import { describe, expect, it } from "vitest";
import { stagesOf } from "./contract";

describe("invite code stages", () => {
  it("split the sign-ups into exclusive steps that add up to them", () => {
    expect(stagesOf({ signups: 10, deposited: 6, traded: 4 })).toEqual({ traded: 4, depositedOnly: 2, signedUpOnly: 4 });
    // A trade with no deposit recorded counts as traded, and nothing goes negative.
    expect(stagesOf({ signups: 3, deposited: 0, traded: 2 })).toEqual({ traded: 2, depositedOnly: 0, signedUpOnly: 1 });
  });
});
