import { describe, expect, it } from "vitest";
import { coinIdsFromBills, resolveCoinFilter } from "./coin-ids";

const ids = coinIdsFromBills([{ coinId: 2, coinName: "USDT" }], [{ coinId: 3, coinName: "BTC" }]);

describe("resolveCoinFilter", () => {
  it("maps a coin name, in any case, to the id the bills endpoints want", () => {
    expect(resolveCoinFilter("USDT", ids)).toEqual({ ok: true, coinId: "2" });
    expect(resolveCoinFilter(" btc ", ids)).toEqual({ ok: true, coinId: "3" });
  });
  it("keeps a numeric id as typed and an empty box as all coins", () => {
    expect(resolveCoinFilter("17", ids)).toEqual({ ok: true, coinId: "17" });
    expect(resolveCoinFilter("  ", ids)).toEqual({ ok: true, coinId: "" });
  });
  it("says clearly when a name is unknown, naming the known coins", () => {
    const answer = resolveCoinFilter("DOGE", ids);
    expect(answer.ok).toBe(false);
    expect(answer.ok ? "" : answer.message).toBe(`No coin named "DOGE" in this account's bills (known: BTC, USDT); type a coin name from the list or its numeric id.`);
  });
});
