import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson } from "./json";

describe("lossless JSON", () => {
  it("keeps every digit of 18-digit ids and of unquoted decimals", () => {
    const parsed = parseJson('{"orderId":987654321987654321,"small":42,"price":0.10000000000000000001,"neg":-12}') as Record<string, unknown>;
    expect(parsed.orderId).toBe(987654321987654321n);
    expect(parsed.small).toBe(42);
    expect(parsed.price).toBe("0.10000000000000000001");
    expect(parsed.neg).toBe(-12);
  });

  it("writes bigints as bare JSON numbers, round trip digit for digit", () => {
    const text = stringifyJson({ ids: [987654321987654321n, 9007199254740993n], s: "\u0000bigint:1", n: 1.5 });
    expect(text).toBe('{"ids":[987654321987654321,9007199254740993],"s":"\\u0000bigint:1","n":1.5}');
    // Non-integers come back as their source text (decimals never go through a float).
    expect(parseJson(text)).toEqual({ ids: [987654321987654321n, 9007199254740993n], s: "\u0000bigint:1", n: "1.5" });
  });

  it("throws on malformed JSON", () => {
    expect(() => parseJson("{bad")).toThrow();
  });
});
