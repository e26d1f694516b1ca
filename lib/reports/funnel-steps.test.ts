import { describe, expect, it } from "vitest";
import { conversionOf, funnelSteps } from "./funnel-steps";

const funnel = { registered: 3, kyc: 2, deposited: 1, traded: 0, medianHoursToDeposit: 6.5, medianHoursDepositToTrade: null };

describe("funnel steps", () => {
  it("lists the four steps in order, each converting from its own whole", () => {
    const steps = funnelSteps(funnel);
    expect(steps.map((s) => [s.step, s.invitees, s.of, s.basis, s.medianAfter])).toEqual([
      ["registered", 3, null, "", null],
      ["kyc", 2, 3, "sign-ups", null],
      ["deposited", 1, 3, "sign-ups", "sign-up"],
      // First trade is a share of sign-ups, as on Invite codes (it was of depositors: the same words, another figure).
      ["traded", 0, 3, "sign-ups", "deposit"],
    ]);
    expect(steps[2]?.medianHours).toBe(6.5);
  });

  it("converts exactly, to 6 decimals, and not from an empty whole", () => {
    const [registered, kyc, deposited, traded] = funnelSteps(funnel);
    expect(conversionOf(registered!)).toBeNull();
    expect(conversionOf(kyc!)).toBe("0.666667");
    expect(conversionOf(deposited!)).toBe("0.333333");
    expect(conversionOf(traded!)).toBe("0.000000");
    expect(conversionOf(funnelSteps({ ...funnel, traded: 1 })[3]!)).toBe("0.333333");
    expect(conversionOf(funnelSteps({ ...funnel, registered: 0, kyc: 0 })[1]!)).toBeNull();
  });
});
