/** URL state of the Account, Orders and Markets pages: defaults, bounds, one cursor, exact request bodies, issues in words. */
import { describe, expect, it } from "vitest";
import { billsRequest, fundingRequest, parseAccountParams, readAccountParams, withAccountState } from "@/app/(dashboard)/account/search-params";
import { readMarketsParams } from "@/app/(dashboard)/markets/search-params";
import { historyRequest, parseOrdersParams, readOrdersParams, withOrdersState } from "@/app/(dashboard)/orders/search-params";
import { cleanedParams, issueSentence, type ParamIssue } from "@/lib/url-state/param-issues";

describe("account URL state", () => {
  it("falls back to defaults and bounds page sizes", () => {
    const state = parseAccountParams({ limit: "5000", fsize: "0", coin: "x", biz: "=cmd", fpage: "-2" });
    expect(state).toMatchObject({ limit: 20, fsize: 20, coin: "", biz: "", fpage: 1 });
    expect(parseAccountParams({ limit: "100", fsize: "100" })).toMatchObject({ limit: 100, fsize: 100 });
  });

  it("keeps one cursor (older wins) and sends ids as digit strings", () => {
    const state = parseAccountParams({ before: "123456789012345678", after: "1", coin: "2", biz: "trade_out", limit: "50" });
    expect(billsRequest(state)).toEqual({ coinId: 2, bizType: "trade_out", before: "123456789012345678", limit: 50 });
    expect(billsRequest(parseAccountParams({ after: "42" }))).toEqual({ after: "42", limit: 20 });
  });

  it("turns the funding day range into whole UTC days and drops a reversed range's end", () => {
    const request = fundingRequest(parseAccountParams({ from: "2026-01-01", to: "2026-01-02", fpage: "3", fsize: "100" }));
    expect(request).toEqual({ startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 3) - 1, pageIndex: 3, pageSize: 100 });
    expect(parseAccountParams({ from: "2026-02-01", to: "2026-01-01" }).to).toBe("");
  });

  it("leaves defaults out of the URL", () => {
    expect(withAccountState("x=1", { limit: 20, before: "", fpage: 2 }).toString()).toBe("x=1&fpage=2");
  });
});

describe("orders URL state", () => {
  it("defaults to BTCUSDT history and bounds the page size at 1000", () => {
    expect(parseOrdersParams({})).toEqual({ tab: "open", open: "", sym: "BTCUSDT", from: "", to: "", limit: 50, page: 1 });
    expect(parseOrdersParams({ limit: "1001", sym: "eth-usdt", open: "ethusdt" })).toMatchObject({ limit: 50, sym: "BTCUSDT", open: "ETHUSDT" });
    expect(parseOrdersParams({ limit: "1000", page: "4" })).toMatchObject({ limit: 1000, page: 4 });
  });

  it("keeps the tab in the URL: a known tab, else the first; the default left out", () => {
    expect(parseOrdersParams({ tab: "contract" }).tab).toBe("contract");
    expect(parseOrdersParams({ tab: "positions" }).tab).toBe("open");
    expect(withOrdersState("sym=ETHUSDT", { tab: "place" }).toString()).toBe("sym=ETHUSDT&tab=place");
    expect(withOrdersState("tab=place", { tab: "open" }).toString()).toBe("");
  });

  it("builds the allOrders query", () => {
    expect(historyRequest(parseOrdersParams({ sym: "ETHUSDT", from: "2026-03-01", to: "2026-03-01", limit: "20", page: "2" }))).toEqual({
      symbol: "ETHUSDT",
      startTime: Date.UTC(2026, 2, 1),
      endTime: Date.UTC(2026, 2, 2) - 1,
      limit: 20,
      page: 2,
    });
    expect(withOrdersState("", { sym: "BTCUSDT", page: 3 }).toString()).toBe("page=3");
  });
});

describe("screens name each unusable parameter and what they show instead", () => {
  const sentences = (issues: ParamIssue[]) => issues.map(issueSentence);

  it("Account: sizes, ids, days, both cursors, a reversed range", () => {
    const { issues, values } = readAccountParams({ limit: "5000", coin: "x", before: "12", after: "7", from: "2026-02-01", to: "2026-01-01" });
    expect(values).toMatchObject({ limit: 20, coin: "", before: "12", after: "", to: "" });
    expect(sentences(issues)).toEqual([
      'coin "x" is not a coin id (digits); showing every coin instead.',
      'limit "5000" is not a page size from 1 to 100; showing 20 instead.',
      'after "7" cannot go with before (one cursor at a time); showing the bills before 12 instead.',
      'to "2026-01-01" is before the start day (from 2026-02-01); showing no end day instead.',
    ]);
    expect(cleanedParams("coin=x&limit=5000&before=12&after=7&from=2026-02-01&to=2026-01-01", issues).toString()).toBe("before=12&from=2026-02-01");
  });

  it("Orders: a symbol, a page size and a day", () => {
    const { issues } = readOrdersParams({ sym: "eth-usdt", limit: "0", from: "2026-13-01" });
    expect(issues.map((i) => [i.param, i.usedInstead])).toEqual([
      ["sym", "BTCUSDT"],
      ["from", "no start day"],
      ["limit", "50"],
    ]);
    expect(readOrdersParams({ sym: "ethusdt" }).issues).toEqual([]);
  });

  it("Markets: sort columns, directions, an over-long search", () => {
    const { issues, values } = readMarketsParams({ sort: "price", tdir: "up", q: "B".repeat(33) });
    expect(values).toEqual({ q: "", sort: "symbol", dir: "asc", tsort: "quoteVolume", tdir: "desc" });
    expect(issues.map((i) => i.param)).toEqual(["q", "sort", "tdir"]);
    expect(sentences(issues).join(" ")).not.toMatch(/Invalid option|expected one of|Too big/);
    expect(readMarketsParams({ sort: "tickSize", dir: "desc", q: "eth" }).issues).toEqual([]);
  });
});
