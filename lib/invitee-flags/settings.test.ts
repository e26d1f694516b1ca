/** The thresholds' schema and the rules in words (browser-safe parts of lib/invitee-flags). */
import { describe, expect, it } from "vitest";
import { DEFAULT_FLAG_SETTINGS, flagSettingsSchema } from "./settings";
import { FLAG_KINDS, ruleInWords, rulesInWords } from "./types";

describe("invitee-flag settings", () => {
  it("fills every missing group and key with its default", () => {
    expect(flagSettingsSchema.parse({})).toEqual(DEFAULT_FLAG_SETTINGS);
    const partial = flagSettingsSchema.parse({ burst: { multiple: 4 } });
    expect(partial.burst).toEqual({ ...DEFAULT_FLAG_SETTINGS.burst, multiple: 4 });
    expect(partial.lowFee).toEqual(DEFAULT_FLAG_SETTINGS.lowFee);
  });

  it("refuses what is not a threshold, naming the field", () => {
    const bad = (input: unknown) => {
      const r = flagSettingsSchema.safeParse(input);
      return r.success ? null : r.error.issues.map((i) => i.path.join("."));
    };
    expect(bad({ lowFee: { maxShareOfNormal: 0 } })).toEqual(["lowFee.maxShareOfNormal"]);
    expect(bad({ lowFee: { minVolume: 1000 } })).toEqual(["lowFee.minVolume"]); // amounts are decimal strings
    expect(bad({ roundTrip: { minDeposit: "1e3" } })).toEqual(["roundTrip.minDeposit"]);
    expect(bad({ burst: { minSignups: 1 } })).toEqual(["burst.minSignups"]);
    expect(bad({ collapse: { windowDays: 1.5 } })).toEqual(["collapse.windowDays"]);
    expect(bad({ other: {} })).not.toBeNull();
  });

  it("says each rule with the thresholds it is judged with", () => {
    const s = flagSettingsSchema.parse({ lowFee: { maxShareOfNormal: 0.125, minVolume: "2500.5" }, collapse: { windowDays: 21 } });
    expect(ruleInWords("low_fee", s)).toContain("below 12.5 %");
    expect(ruleInWords("low_fee", s)).toContain("2500.5 USDT");
    expect(ruleInWords("commission_collapse", s)).toContain("last 21 days");
    expect(ruleInWords("signup_burst", DEFAULT_FLAG_SETTINGS)).toContain("at least 5 sign-ups and at least 15 times");
    expect(rulesInWords(s).map((r) => r.kind)).toEqual([...FLAG_KINDS]);
  });
});
