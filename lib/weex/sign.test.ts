import { describe, expect, it } from "vitest";
import { prehash, sign, verifySignature } from "./sign";

// Known-answer vectors of the addendum (secret "secret", timestamp 1700000000000).
const VECTORS = [
  { method: "GET", path: "/api/v3/account/", query: "", body: "", prehash: "1700000000000GET/api/v3/account/", sign: "J9ZaExxVF8eBzJL9C1xCbq8KTQfO5eqGRjD2fKZrjHQ=" },
  { method: "GET", path: "/api/v3/allOrders", query: "symbol=BTCUSDT&limit=10", body: "", prehash: "1700000000000GET/api/v3/allOrders?symbol=BTCUSDT&limit=10", sign: "NGY8B6VaJGLWpfCrwkLnZtQvQyQifVpyBEMkD7SaQrE=" },
  { method: "POST", path: "/api/v3/account/bills", query: "", body: '{"limit":5}', prehash: '1700000000000POST/api/v3/account/bills{"limit":5}', sign: "2Q2avWOESMlumddQ/f7LgEOHkMjYxrEouWG2royNzoo=" },
  { method: "POST", path: "/api/v3/account/bills", query: "", body: "{}", prehash: "1700000000000POST/api/v3/account/bills{}", sign: "7UGhM8MQ3mW4vwevbAqRA0jeZxrRqERg9s+5Mv5hnp4=" },
  { method: "DELETE", path: "/capi/v3/batchOrders", query: "", body: '{"orderIdList":["123"]}', prehash: '1700000000000DELETE/capi/v3/batchOrders{"orderIdList":["123"]}', sign: "lAI1IC5xpTPRHgT4SG00Ef2/EHKuM5LkgogEQI0aaxo=" },
];

describe("signing (addendum known-answer vectors)", () => {
  for (const v of VECTORS) {
    it(`${v.method} ${v.path}${v.query ? `?${v.query}` : ""} ${v.body}`, () => {
      const input = { timestamp: "1700000000000", method: v.method, path: v.path, query: v.query, body: v.body };
      expect(prehash(input)).toBe(v.prehash);
      expect(sign("secret", input)).toBe(v.sign);
      expect(verifySignature("secret", input, v.sign)).toBe(true);
    });
  }

  it("rejects a signature over other bytes, another secret, or of another length", () => {
    const input = { timestamp: "1700000000000", method: "GET", path: "/api/v3/account/", query: "", body: "" };
    const good = sign("secret", input);
    expect(verifySignature("secret", { ...input, query: "x=1" }, good)).toBe(false);
    expect(verifySignature("other", input, good)).toBe(false);
    expect(verifySignature("secret", input, good.slice(1))).toBe(false);
  });
});
