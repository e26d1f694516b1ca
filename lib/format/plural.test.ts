import { describe, expect, it } from "vitest";
import { countOf, durationWords } from "./plural";

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

describe("durationWords", () => {
  it("says 1 minute, 1 hour and 1 day in the singular (it said \"1 minutes after\")", () => {
    expect(durationWords(1 / 60)).toBe("1 minute");
    expect(durationWords(1)).toBe("1 hour");
    expect(durationWords(24 * 1.02)).toBe("24.5 hours");
    expect(durationWords(48)).toBe("2 days");
  });
  it("keeps the plural elsewhere", () => {
    expect(durationWords(0)).toBe("0 minutes");
    expect(durationWords(0.5)).toBe("30 minutes");
    expect(durationWords(5.5)).toBe("5.5 hours");
    expect(durationWords(24 * 3.2)).toBe("3.2 days");
  });
});
