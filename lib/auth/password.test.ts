import { describe, expect, it } from "vitest";
import {
  bcryptCostOf,
  defaultBcryptCost,
  dummyHash,
  hashPassword,
  passwordProblem,
  PRODUCTION_BCRYPT_COST,
  verifyPassword,
} from "./password";

describe("password hashing", () => {
  it("hashes with bcrypt and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery", 4);
    expect(hash).toMatch(/^\$2[aby]\$04\$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });

  it("salts: the same password hashes differently", async () => {
    expect(await hashPassword("same password!", 4)).not.toBe(await hashPassword("same password!", 4));
  });

  it("cost is 12 in production whatever BCRYPT_COST says; lower only outside production", () => {
    expect(defaultBcryptCost({ NODE_ENV: "production", BCRYPT_COST: "4" })).toBe(PRODUCTION_BCRYPT_COST);
    expect(defaultBcryptCost({ NODE_ENV: "test", BCRYPT_COST: "4" })).toBe(4);
    expect(defaultBcryptCost({ NODE_ENV: "test" })).toBe(12);
    expect(defaultBcryptCost({ NODE_ENV: "test", BCRYPT_COST: "2" })).toBe(12);
    expect(defaultBcryptCost({ NODE_ENV: "development", BCRYPT_COST: "13" })).toBe(12);
  });

  it("a malformed hash verifies as false instead of throwing", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("the dummy hash has the requested cost and is made once", async () => {
    const a = await dummyHash(5);
    expect(bcryptCostOf(a)).toBe(5);
    expect(await dummyHash(5)).toBe(a);
  });

  it("password rules: 10 characters minimum, 72 bytes maximum", () => {
    expect(passwordProblem("short")).toMatch(/at least 10/);
    expect(passwordProblem("long enough")).toBeNull();
    expect(passwordProblem("é".repeat(37))).toMatch(/at most 72 bytes/);
  });
});
