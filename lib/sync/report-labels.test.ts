import { describe, expect, it } from "vitest";
import { REPORT_KEYS } from "./reports";
import { requestWeightText, syncReportLabel } from "./report-labels";

describe("syncReportLabel", () => {
  it("names every report the sync reads in words, never its endpoint id", () => {
    for (const key of REPORT_KEYS) {
      const label = syncReportLabel(key);
      expect(label).not.toBe(key);
      expect(label).not.toMatch(/get|query|:/);
    }
  });
  it("says which product a commission report covers", () => {
    expect(syncReportLabel("getAffiliateCommission:SPOT")).toBe("Commissions (spot)");
    expect(syncReportLabel("getAffiliateCommission:FUTURES")).toBe("Commissions (futures)");
    expect(syncReportLabel("getAffiliateUIDs")).toBe("Invited users");
  });
  it("shows an unknown id as itself", () => {
    expect(syncReportLabel("someNewReport")).toBe("someNewReport");
  });
  it("puts the weight in words", () => {
    expect(requestWeightText(40)).toBe("Uses 40 of the exchange's request weight so far");
  });
});
