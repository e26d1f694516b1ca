import { describe, expect, it } from "vitest";
import { issueMessage, issueSentence } from "../url-state/param-issues";
import { checkReportParams } from "./report-params";
import type { ReportName } from "./names";

// Wednesday 2025-08-20 14:30 UTC.
const NOW = new Date(Date.UTC(2025, 7, 20, 14, 30));
const check = (report: ReportName, query: string) => checkReportParams(report, new URLSearchParams(query), NOW);
const only = (report: ReportName, query: string) => {
  const checked = check(report, query);
  expect(checked.issues).toHaveLength(1);
  return { ...checked, issue: checked.issues[0]!, sentence: issueSentence(checked.issues[0]!) };
};

describe("checkReportParams: every unusable parameter named, in words, with what is shown instead", () => {
  it("passes a usable view through untouched", () => {
    const checked = check("commissions", "range=7d&coin=BTC&product=SPOT&source=sub&interval=week&tz=Asia%2FTokyo&uid=123");
    expect(checked.issues).toEqual([]);
    expect(checked.query.toString()).toBe("range=7d&coin=BTC&product=SPOT&source=sub&interval=week&tz=Asia%2FTokyo&uid=123");
    expect(checked.filters).toMatchObject({ coin: "BTC", product: "SPOT", source: "sub", interval: "week", tz: "Asia/Tokyo", uid: "123" });
  });

  it("range presets: an unknown one is the default, and the URL loses it", () => {
    const { sentence, query, filters } = only("overview", "range=999d&interval=week");
    expect(sentence).toBe('range "999d" is not a period we offer (7d, 30d, 90d, mtd, qtd, ytd, 12m, lastmonth, lastquarter, all or custom); showing Last 30 days instead.');
    expect(query.toString()).toBe("interval=week");
    expect(filters.range.label).toBe("Last 30 days");
  });

  it("custom from/to: reversed, nonsense, or without range=custom", () => {
    expect(only("commissions", "range=custom&from=2025-03-02&to=2025-03-01").sentence).toBe(
      'from "2025-03-02" is after the end date (to 2025-03-01); showing Last 30 days instead.',
    );
    const nonsense = only("commissions", "range=custom&from=2025-01-01&to=soon");
    expect(nonsense.sentence).toBe('to "soon" is not a calendar day (YYYY-MM-DD); showing Last 30 days instead.');
    expect(nonsense.query.toString()).toBe("");
    const withoutCustom = only("commissions", "from=2025-01-01&to=2025-01-31");
    expect(withoutCustom.sentence).toBe("range is missing (from and to need range=custom); showing 2025-01-01 – 2025-01-31 instead.");
    expect(withoutCustom.query.toString()).toBe("from=2025-01-01&to=2025-01-31&range=custom");
    expect(withoutCustom.filters.range).toMatchObject({ from: "2025-01-01", to: "2025-01-31" });
  });

  it.each([
    ["coin", "DOGE", "is not a coin the reports show (USDT or BTC)", "the default (USDT; on Commissions, all coins)"],
    ["product", "MARGIN", "is not a product (SPOT or FUTURES)", "every product"],
    ["source", "friends", "is not a source (direct or sub)", "every source"],
    ["interval", "hour", "is not a bucket size (day, week, month)", "day"],
    ["tz", "Mars/Olympus", "is not a time zone name such as Asia/Tokyo", "UTC"],
    ["uid", "12ab", "is not an invitee uid (up to 20 digits)", "every invitee"],
    ["sub", "x", "is not a sub-affiliate uid (up to 20 digits)", "every sub-affiliate"],
  ])("%s=%s", (param, value, problem, usedInstead) => {
    const { issue, sentence, query } = only("commissions", `range=7d&${param}=${encodeURIComponent(value)}`);
    expect(issue).toMatchObject({ param, value, problem, usedInstead });
    expect(sentence).toBe(`${param} "${value}" ${problem}; showing ${usedInstead} instead.`);
    expect(issueMessage(issue)).toBe(`${param}: "${value}" ${problem}`);
    expect(query.toString()).toBe("range=7d");
  });

  it.each([
    ["invitees", "sort", "name", "is not a roster column or team order (uid, registerTime, kyc, inviteCode, source, firstDeposit, lastDeposit, firstTrade, lastTrade, status, commission, netFee, volume, deposits, withdrawals, netDeposit, tags, followUp)", "registerTime"],
    ["invitees", "dir", "up", "is not asc or desc", "descending"],
    ["invitees", "q", "x".repeat(41), "is not a search of up to 40 letters, digits, - or _", "no search"],
    ["invitees", "q", "<script>", "is not a search of up to 40 letters, digits, - or _", "no search"],
    ["invitees", "page", "0", "is not a page number from 1 to 100000", "the first page"],
    ["invitees", "page", "two", "is not a page number from 1 to 100000", "the first page"],
    ["invitees", "pageSize", "5000", "is not a page size from 10 to 200", "50 a page"],
    ["invitees", "dormantDays", "0", "is not a number of days from 1 to 365", "30 days"],
    ["trade-assets", "sort", "volume", "is not a column (commission, netDeposit, depositAmount, withdrawalAmount, spotTradingAmount, futuresTradingAmount, uid)", "commission"],
    ["trade-assets", "dir", "sideways", "is not asc or desc", "descending"],
    ["trade-assets", "page", "-3", "is not a page number from 1 to 100000", "the first page"],
  ] as const)("%s: %s=%s", (report, param, value, problem, usedInstead) => {
    const { issue, query } = only(report, `${param}=${encodeURIComponent(value)}&range=90d`);
    expect(issue).toMatchObject({ param, problem, usedInstead });
    expect(issue.value.length).toBeLessThanOrEqual(41);
    expect(query.toString()).toBe("range=90d");
  });

  it("reports every bad parameter at once, filters first, and never a schema library's words", () => {
    const checked = check("invitees", "range=soon&coin=DOGE&sort=x&q=" + "y".repeat(60));
    expect(checked.issues.map((i) => i.param)).toEqual(["range", "coin", "q", "sort"]);
    const text = checked.issues.map(issueSentence).join(" ");
    expect(text).not.toMatch(/Invalid option|expected one of|Too big|Invalid input/i);
    expect(checked.query.toString()).toBe("");
  });

  it("a report's own parameters are not checked on another report", () => {
    expect(check("commissions", "sort=anything").issues).toEqual([]);
  });
});
