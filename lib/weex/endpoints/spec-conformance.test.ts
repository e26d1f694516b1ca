/**
 * The endpoints table against the contract itself: the weight table (spec 8)
 * and the endpoint headings (spec 4) are read from ../shared/spec, so a typo
 * in a weight, a path or a category cannot hide.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENDPOINT_LIST } from ".";

/** The contract's rows; the addendum's (spot K-lines) are checked against the addendum below. */
const CONTRACT_ENDPOINTS = ENDPOINT_LIST.filter((e) => e.source !== "addendum");
const ADDENDUM = fileURLToPath(new URL("../../../../shared/spec/addendum.md", import.meta.url));

const SPEC = fileURLToPath(new URL("../../../../shared/spec/weex-v3-interface.md", import.meta.url));

describe("endpoints table conforms to the spec", () => {
  it("the spec is beside the repository", () => {
    expect(existsSync(SPEC), `${SPEC} missing: clone the project with shared/ beside it`).toBe(true);
  });
  const spec = existsSync(SPEC) ? readFileSync(SPEC, "utf8") : "";

  it("has exactly the spec's 18 endpoints with the weights of section 8", () => {
    const rows = [...spec.matchAll(/^\| (GET|POST|DELETE) (\/\S+) \| (\d+) \| (\d+|none given) \|$/gm)].map((m) => ({
      key: `${m[1]} ${m[2]}`,
      ip: Number(m[3]),
      uid: m[4] === "none given" ? 0 : Number(m[4]),
    }));
    expect(rows).toHaveLength(18);
    const table = CONTRACT_ENDPOINTS.map((e) => ({ key: `${e.method} ${e.path}`, ip: e.weight.ip, uid: e.weight.uid }));
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(table.sort(byKey)).toEqual(rows.sort(byKey));
  });

  it("categories follow the headings of section 4 (public, USER_DATA, TRADE; affiliate reports)", () => {
    const headings = [...spec.matchAll(/^\*\*(GET|POST|DELETE) (\/\S+)\*\* \(([^)]*)\)/gm)];
    expect(headings).toHaveLength(18);
    for (const [, method, path, tag] of headings) {
      const endpoint = ENDPOINT_LIST.find((e) => e.method === method && e.path === path);
      expect(endpoint, `${method} ${path}`).toBeDefined();
      const expected = tag!.startsWith("public")
        ? "public"
        : tag!.startsWith("TRADE")
          ? "TRADE"
          : path!.includes("/rebate/affiliate/")
            ? "AFFILIATE"
            : "USER_DATA";
      expect(endpoint!.category, `${method} ${path}`).toBe(expected);
      expect(endpoint!.signed).toBe(expected !== "public");
    }
  });

  it("the addendum's K-lines: public GET on the spot host, weight 2, at most 1000 a call", () => {
    const addendum = readFileSync(ADDENDUM, "utf8");
    expect(addendum).toMatch(/`GET \/api\/v3\/market\/klines` on `\{base_url\}`, public/);
    expect(addendum).toMatch(/treat it as 2 per call/);
    expect(addendum).toMatch(/`limit` \(optional, at most 1000\)/);
    const addendumRows = ENDPOINT_LIST.filter((e) => e.source === "addendum");
    expect(addendumRows.map((e) => [e.method, e.path, e.host, e.category, e.signed, e.weight])).toEqual([
      ["GET", "/api/v3/market/klines", "spot", "public", false, { ip: 2, uid: 0 }],
    ]);
  });
});
