import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, e2eChromiumPath } from "./e2e/support/chromium-path";
import { E2E_CLOCK_FILE } from "./e2e/support/clock";

const isCI = Boolean(process.env.CI);
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: e2eChromiumPath(),
    // Root inside a container: see CHROMIUM_ARGS.
    args: CHROMIUM_ARGS,
  },
};

/** Specs that change what every other spec shares (the app's clock, the demo user's sessions): run alone, last. */
const SERIAL = /serial\/.*\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Two workers on the 2-core machines this runs on: every spec works on its own links, users and rules.
  workers: 2,
  // `npm test` (scripts/test.mjs) asks for a JSON report beside the list, for its summary.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : "list",
  timeout: 30_000,
  // Other test lanes run beside the browser in `npm test`: a page may take more than 5 s to show its figures.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recorded on the retry only: recording every test (screenshots and DOM snapshots) cost CPU the 2 cores lack.
    trace: "on-first-retry",
  },
  projects: [
    // Waits for the first sync and signs the demo user in once through the form (e2e/setup).
    { name: "setup", testMatch: /setup\/.*\.setup\.ts$/, use: chromium },
    { name: "chromium", dependencies: ["setup"], testIgnore: SERIAL, use: chromium },
    { name: "serial", dependencies: ["chromium"], testMatch: SERIAL, workers: 1, fullyParallel: false, use: chromium },
  ],
  // The app runs exactly as the README runs it: `node scripts/start.mjs`
  // (builds when the build is missing or stale, then `next start`).
  webServer: {
    // A throwaway data folder, wiped first: every run starts as a fresh clone does.
    command: `node -e "require('fs').rmSync('.e2e-data',{recursive:true,force:true})" && node scripts/start.mjs`,
    url: `${baseURL}/api/health`,
    // Docker exports HOSTNAME as the container id; bind where we probe.
    // A smaller sandbox world and a larger (but still enforced) budget, so the app's own sync
    // backfills its whole history within seconds and the analytics pages have complete data.
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: ".e2e-data",
      // A year of invitees (read in full whatever the history window) while commissions and trade days cover 60 days;
      // 900 of them keep the last weeks about as busy as 300 over 60 days did (every product and sub-affiliates active).
      SANDBOX_INVITEES: "900",
      SANDBOX_DAYS: "365",
      SYNC_HISTORY_DAYS: "60",
      SANDBOX_BUDGET: "2000",
      WEEX_WEIGHT_LIMIT: "2000",
      // Every test comes from 127.0.0.1: the fuzz test's bogus links must not throttle the share tests.
      SHARE_GUESS_LIMIT: "100000",
      // The app's clock (lib/clock.ts) as tests move it (e2e/support/clock.ts): the system clock until one writes the file.
      TEST_CLOCK_FILE: E2E_CLOCK_FILE,
    },
    reuseExistingServer: false,
    // A cold `next build` on a 2-core machine takes a while.
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
