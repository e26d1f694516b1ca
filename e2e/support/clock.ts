/**
 * The app's clock during the e2e run (lib/clock.ts): playwright.config.ts starts
 * the app with TEST_CLOCK_FILE pointing here, inside the run's data folder (wiped
 * at every start, so a run begins on the real clock). A test moves "now" by
 * writing an offset and must put it back (the run's other tests share the app).
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const E2E_CLOCK_FILE = path.resolve(".e2e-data", "test-clock-offset");

/** Every instance's "now" becomes the system clock plus `ms`. */
export function moveAppClock(ms: number): void {
  writeFileSync(E2E_CLOCK_FILE, String(ms));
}

export function resetAppClock(): void {
  rmSync(E2E_CLOCK_FILE, { force: true });
}
