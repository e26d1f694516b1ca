import { describe, expect, it } from "vitest";
import { parseReportFilters } from "../reports/filters";
import { checkScope, describeShareScope, freeKey, scopeFromFilters, scopeParams, shareScopeSchema } from "./scope";

const NOW = new Date("2026-11-22T12:00:00Z");
const scope = scopeFromFilters(parseReportFilters(new URLSearchParams("range=30d&coin=USDT&product=FUTURES"), NOW));

describe("share scope", () => {
  it("locks the resolved range as absolute days", () => {
    expect(scope).toEqual({ from: "2026-10-24", to: "2026-11-22", coin: "USDT", product: "FUTURES", interval: "day", tz: "UTC" });
    expect(scopeParams(scope).toString()).toBe("range=custom&from=2026-10-24&to=2026-11-22&coin=USDT&product=FUTURES");
  });

  it("keeps the page's compare choice: a year-ago view's link compares with a year earlier, and says so; older links with the previous period", () => {
    const yearAgo = scopeFromFilters(parseReportFilters(new URLSearchParams("range=30d&compare=yearAgo"), NOW));
    expect(yearAgo.compare).toBe("yearAgo");
    expect(shareScopeSchema.parse(yearAgo)).toEqual(yearAgo);
    expect(shareScopeSchema.safeParse({ ...yearAgo, compare: "lastWeek" }).success).toBe(false);
    const check = checkScope(yearAgo, new URLSearchParams(""));
    expect(check.ok && parseReportFilters(check.params, NOW).compare).toBe("yearAgo");
    expect(checkScope(yearAgo, new URLSearchParams("compare=yearAgo")).ok).toBe(true);
    expect(checkScope(yearAgo, new URLSearchParams("compare=previous"))).toEqual({ ok: false, reason: "compare is outside this link's scope" });
    expect(describeShareScope(yearAgo, NOW)).toBe("2026-10-24 – 2026-11-22 · UTC days · compared with the same days a year earlier");
    // The default is not stored, and a link without it (every older one) compares with the previous period.
    expect(scope.compare).toBeUndefined();
    const plain = checkScope(scope, new URLSearchParams("compare=previous"));
    expect(plain.ok && parseReportFilters(plain.params, NOW).compare).toBe("previous");
    expect(checkScope(scope, new URLSearchParams("compare=yearAgo")).ok).toBe(false);
  });

  it("answers an empty request, or one repeating the locked values, with exactly the scope", () => {
    for (const q of ["", "range=custom&from=2026-10-24&to=2026-11-22", "coin=USDT&interval=day&tz=UTC"]) {
      const check = checkScope(scope, new URLSearchParams(q));
      expect(check.ok).toBe(true);
      if (check.ok) expect(parseReportFilters(check.params, NOW)).toMatchObject({ coin: "USDT", product: "FUTURES", range: { from: "2026-10-24", to: "2026-11-22" } });
    }
  });

  it.each([
    "range=12m",
    "range=custom&from=2026-01-01&to=2026-11-22",
    "from=2026-10-23",
    "to=2026-11-23",
    "coin=BTC",
    "product=SPOT",
    "source=direct",
    "uid=1001",
    "sub=2002",
    "interval=week",
    "tz=Asia/Tokyo",
    "coin=USDT&coin=BTC",
  ])("refuses %s", (q) => {
    expect(checkScope(scope, new URLSearchParams(q)).ok).toBe(false);
  });

  it("passes paging and sorting, drops unknown parameters, and refuses search when told", () => {
    const check = checkScope(scope, new URLSearchParams("page=3&sort=uid&dir=asc&connection=other&q=77"));
    expect(check.ok && check.params.get("page")).toBe("3");
    expect(check.ok && check.params.get("connection")).toBe(null);
    expect(check.ok && freeKey(check.params)).toBe("page=3&sort=uid&dir=asc&q=77");
    expect(checkScope(scope, new URLSearchParams("q=77"), { search: false }).ok).toBe(false);
  });

  it("passes the invitee directory's filters, which only narrow the locked view", () => {
    const check = checkScope(scope, new URLSearchParams("code=RD7NXVP7&kyc=yes&status=dormant&via=sub&dormantDays=60&sort=commission&registeredTo=2026-03-31&registeredFrom=2026-03-01"), { search: false });
    expect(check.ok && freeKey(check.params)).toBe("sort=commission&code=RD7NXVP7&kyc=yes&status=dormant&via=sub&registeredFrom=2026-03-01&registeredTo=2026-03-31&dormantDays=60");
    expect(checkScope(scope, new URLSearchParams("registeredFrom=2026-03-01&registeredFrom=2026-04-01")).ok).toBe(false);
  });
});
