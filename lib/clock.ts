/**
 * The app's "now" for anything scheduled (digests, alert cooldowns). Normally
 * the system clock. Tests that run several app instances move time for all of
 * them at once: with TEST_CLOCK_FILE set, the file holds an offset in
 * milliseconds added to the system clock, read on every call (a test writes it,
 * every instance sees it). Refused by the start-up check (lib/clock-check.ts)
 * unless the exchange is the sandbox (demo mode, or a loopback address).
 */
import { readFileSync } from "node:fs";

export function clockOffsetMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const file = env.TEST_CLOCK_FILE?.trim();
  if (!file) return 0;
  let raw: string;
  try {
    raw = readFileSync(file, "utf8").trim();
  } catch {
    return 0; // not written yet: the system clock
  }
  const offset = Number(raw);
  return Number.isFinite(offset) ? offset : 0;
}

export function now(env: Readonly<Record<string, string | undefined>> = process.env): Date {
  return new Date(Date.now() + clockOffsetMs(env));
}
