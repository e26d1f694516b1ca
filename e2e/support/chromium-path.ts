import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export const NO_CHROMIUM_MESSAGE =
  "No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH";

/**
 * The Chromium binary the e2e tests drive. Playwright never downloads a browser
 * here; we use, in order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or a
 * browser Playwright already has on disk.
 */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist. ${NO_CHROMIUM_MESSAGE}`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  if (bundled && existsSync(bundled)) return bundled;

  throw new Error(NO_CHROMIUM_MESSAGE);
}
