/**
 * TEST_CLOCK_FILE moves the app clock (lib/clock.ts): only for tests. It is
 * refused when the app talks to an exchange that is not on this machine (a
 * real deployment), so a stray variable never shifts real schedules; with the
 * embedded sandbox (demo mode) or a sandbox on a loopback address, it is allowed.
 */
import { isDemoMode } from "./config/mode";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export function checkTestClock(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.TEST_CLOCK_FILE?.trim() || isDemoMode(env)) return;
  const urls = [env.WEEX_SPOT_BASE_URL, env.WEEX_CONTRACT_BASE_URL].filter((u): u is string => Boolean(u?.trim()));
  for (const raw of urls) {
    let host: string;
    try {
      host = new URL(raw.trim()).hostname;
    } catch {
      host = "";
    }
    if (!LOOPBACK.has(host)) throw new Error("TEST_CLOCK_FILE is for tests: it is refused while WEEX_SPOT_BASE_URL/WEEX_CONTRACT_BASE_URL name an exchange that is not on a loopback address");
  }
}
