import { describe, expect, it } from "vitest";
import { MANAGED_OUTSIDE, optionLabel, optionTitle } from "./connection-words";

const sandbox = { name: "Sandbox exchange (embedded)", source: "sandbox", keyHint: "sbx…1234", readOnly: true } as const;

describe("connection switcher words", () => {
  it("never calls a connection that places orders read-only (readOnly: set outside the app, not editable)", () => {
    const words = [optionLabel(sandbox), optionTitle(sandbox), MANAGED_OUTSIDE.badge, MANAGED_OUTSIDE.title].join(" ");
    expect(words).not.toMatch(/read-only/i);
    expect(words).not.toMatch(/cannot place/i);
    expect(optionTitle(sandbox)).toBe("Sandbox exchange (embedded): sandbox connection, key sbx…1234, set outside the app (not editable here)");
  });
  it("a saved connection has no such note", () => {
    expect(optionTitle({ ...sandbox, name: "Main", source: "db", readOnly: false })).toBe("Main: saved connection, key sbx…1234");
  });
});
