import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it("keeps the noun singular for exactly one", () => {
    expect(countOf(1, "sub-affiliate")).toBe("1 sub-affiliate");
    expect(countOf(1, "invitee")).toBe("1 invitee");
  });
  it("uses the plural for zero and for more than one", () => {
    expect(countOf(0, "bill")).toBe("0 bills");
    expect(countOf(2, "sub-affiliate")).toBe("2 sub-affiliates");
  });
  it("groups thousands and takes an irregular plural", () => {
    expect(countOf(1234, "entry", "entries")).toBe("1,234 entries");
  });
});
