import { describe, expect, it } from "vitest";
import { chipClassOf, followUpWords } from "./labels";

describe("follow-ups and tag colours in words and classes", () => {
  it("says a follow-up as the panel and the directory show it", () => {
    expect(followUpWords({ state: "to_contact", contactedOn: null, dueOn: null })).toBe("To contact");
    expect(followUpWords({ state: "to_contact", contactedOn: null, dueOn: "2026-12-01" })).toBe("To contact, due 2026-12-01");
    expect(followUpWords({ state: "contacted", contactedOn: "2026-11-20", dueOn: null })).toBe("Contacted on 2026-11-20");
    expect(followUpWords({ state: "contacted", contactedOn: "2026-11-20", dueOn: "2026-11-30" })).toBe("Contacted on 2026-11-20, due 2026-11-30");
    // Only "contacted" carries its day: a reply or a refusal is said as such.
    expect(followUpWords({ state: "replied", contactedOn: "2026-11-20", dueOn: null })).toBe("Replied");
    expect(followUpWords({ state: "not_interested", contactedOn: null, dueOn: null })).toBe("Not interested");
  });

  it("draws a colour it does not know as slate", () => {
    expect(chipClassOf("teal")).toContain("bg-teal-50");
    expect(chipClassOf("chartreuse")).toBe(chipClassOf("slate"));
  });
});
