/**
 * The endpoints table against the contract itself: the weight table (spec 8)
 * and the endpoint headings (spec 4) are read from ../shared/spec, so a typo
 * in a weight, a path or a category cannot hide.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENDPOINT_LIST } from ".";

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
    const table = ENDPOINT_LIST.map((e) => ({ key: `${e.method} ${e.path}`, ip: e.weight.ip, uid: e.weight.uid }));
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
});
