/** URL state of the Account and Orders pages: defaults, bounds, one cursor, exact request bodies. */
import { describe, expect, it } from "vitest";
import { billsRequest, fundingRequest, parseAccountParams, withAccountState } from "@/app/(dashboard)/account/search-params";
import { historyRequest, parseOrdersParams, withOrdersState } from "@/app/(dashboard)/orders/search-params";

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
