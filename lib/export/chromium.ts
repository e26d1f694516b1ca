/**
 * The Chromium this project drives (server-side PDFs and the e2e tests).
 * Nothing here downloads a browser: $CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, else a browser Playwright already has on disk, else a
 * clear error that says how to install one. No secrets here, so no
 * "server-only": the Playwright config loads this file in plain Node.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export const NO_CHROMIUM_MESSAGE = "No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH";

/** Flags for Chromium as root in a container: no user-namespace sandbox, no GPU, a small /dev/shm, no background chatter. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  // The browser lives outside the project: these checks of absolute system paths
  // are kept out of Next's output tracing (which would otherwise copy the whole
  // project tree into the server output).
  if (fromEnv) {
    if (!existsSync(/*turbopackIgnore: true*/ fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist. ${NO_CHROMIUM_MESSAGE}`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  if (bundled && existsSync(/*turbopackIgnore: true*/ bundled)) return bundled;
  throw new Error(NO_CHROMIUM_MESSAGE);
}
