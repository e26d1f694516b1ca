import { describe, expect, it } from "vitest";
import { parseReportFilters } from "./filters";
import { issueInWords } from "./issue-words";

describe("issueInWords", () => {
  it("names the ignored value and the filter in words, not the schema's message", () => {
    const { issues } = parseReportFilters({ coin: "DOGE", interval: "hour", range: "30d" });
    expect(issues.map(issueInWords).sort()).toEqual([
      "“DOGE” is not a coin this report knows: it is left out.",
      "“hour” is not a period length this report knows: it is left out.",
    ]);
  });

  it("keeps the date range's own words", () => {
    const { issues } = parseReportFilters({ range: "forever" });
    expect(issues.map(issueInWords)).toEqual(issues);
    expect(issues[0]).toMatch(/^Unknown date range "forever"/);
  });
});
