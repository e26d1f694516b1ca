import { describe, expect, it } from "vitest";
import { toSearchParams } from "./params";

describe("toSearchParams", () => {
  it("gives the browser's useSearchParams().toString() for the record Next makes of the same URL", () => {
    const url = new URL("http://x/commissions?range=custom&from=2026-01-01&to=2026-02-01&coin=BTC&q=a%20b+c%26d&tag=1&tag=2&empty=");
    // Next's searchParams record: decoded values, repeated names as arrays, in the URL's order.
    const record: Record<string, string | string[]> = {};
    for (const [name, value] of url.searchParams) {
      const before = record[name];
      record[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    expect(toSearchParams(record).toString()).toBe(url.searchParams.toString());
  });

  it("leaves out undefined values", () => {
    expect(toSearchParams({ range: "7d", coin: undefined }).toString()).toBe("range=7d");
  });
});
