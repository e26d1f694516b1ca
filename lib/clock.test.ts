import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clockOffsetMs, now } from "./clock";

describe("the app clock", () => {
  it("is the system clock without TEST_CLOCK_FILE, or while the file is missing or unreadable", () => {
    expect(clockOffsetMs({})).toBe(0);
    const dir = mkdtempSync(path.join(tmpdir(), "clock-"));
    const file = path.join(dir, "offset");
    expect(clockOffsetMs({ TEST_CLOCK_FILE: file })).toBe(0);
    writeFileSync(file, "soon");
    expect(clockOffsetMs({ TEST_CLOCK_FILE: file })).toBe(0);
  });

  it("moves by the offset a test writes, on every read", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "clock-")), "offset");
    writeFileSync(file, String(7 * 86_400_000));
    const env = { TEST_CLOCK_FILE: file };
    const moved = now(env).getTime() - Date.now();
    expect(moved).toBeGreaterThan(7 * 86_400_000 - 1_000);
    expect(moved).toBeLessThanOrEqual(7 * 86_400_000);
    writeFileSync(file, "-60000");
    expect(clockOffsetMs(env)).toBe(-60_000);
  });
});
