import { describe, expect, it } from "vitest";
import { commissionsContract } from "../commissions/contract";
import { subAffiliatesContract } from "../sub-affiliates/contract";
import { coinOfColumn, pageHeader, pageHeaderParts } from "./page-header";

const amounts = { unit: (unit: string) => unit };
const percentages = { unit: () => "% of total" };
const headersOf = (columns: Record<string, { header: string; kind: Parameters<typeof pageHeader>[1] }>, fmt: typeof amounts, coin: string) =>
  Object.values(columns).map((c) => pageHeader(c.header, c.kind, fmt, coin));

describe("a contract column's header on its page", () => {
  it("names a money column's coin once: its own, or the view's for the row's coin", () => {
    expect(headersOf(commissionsContract.tables["by-symbol"].columns, amounts, "BTC")).toEqual(["Symbol", "Coin", "Commission (BTC)", "Commission valued (≈ USDT)", "Net fee (BTC)", "Net fee valued (≈ USDT)", "Volume (USDT)"]);
    expect(headersOf(subAffiliatesContract.tables.ranking.columns, amounts, "USDT")).toEqual([
      "Sub-affiliate",
      "Trading volume (USDT)",
      "Share of all sub-affiliates' volume",
      "Sub-affiliate's net fee (USDT)",
      "Paid to the sub-affiliate (USDT)",
      "Active days",
      "Previous period: Trading volume (USDT)",
      "Trading volume change vs previous period",
      "Previous period coverage",
    ]);
  });

  it("sets a money header's unit apart, for a compact table to put on a line of its own", () => {
    const volume = subAffiliatesContract.tables.ranking.columns.tradingVolume!;
    expect(pageHeaderParts(volume.header, volume.kind, amounts, "USDT")).toEqual({ words: "Trading volume", unit: "USDT" });
    expect(pageHeaderParts(volume.header, volume.kind, percentages, "USDT")).toEqual({ words: "Trading volume", unit: "% of total" });
    const days = subAffiliatesContract.tables.ranking.columns.activeDays!;
    expect(pageHeaderParts(days.header, days.kind, amounts, "USDT")).toEqual({ words: "Active days", unit: null });
  });

  it("says '% of total' instead of the coin on a percentages link", () => {
    expect(headersOf(commissionsContract.tables.rates.columns, percentages, "USDT")).toEqual(["Rate", "Coin", "Items", "Commission (% of total)", "Commission valued (% of total)"]);
  });

  it("takes a row's own coin for its cells", () => {
    const kind = { kind: "money", coin: "row", whole: "column" } as const;
    expect(coinOfColumn(kind, "BTC", "USDT")).toBe("BTC");
    expect(coinOfColumn(kind, undefined, "USDT")).toBe("USDT");
    expect(coinOfColumn({ ...kind, coin: "USDT" }, "BTC", "BTC")).toBe("USDT");
  });
});
