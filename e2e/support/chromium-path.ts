/**
 * The browser the e2e tests drive. `CHROMIUM_PATH` when set (as for the app's server-side PDFs,
 * lib/export/chromium.ts); else Debian's `chromium-headless-shell` when installed; else Debian's
 * `/usr/bin/chromium`.
 *
 * Why the headless shell first: it is the same Chromium release, packaged by Debian from the same
 * source, in the "old" headless mode that Playwright itself uses for headless Chromium. The full
 * browser's "new" headless mode runs the whole desktop browser around each page. Measured on this
 * 2-core machine, 12 signed-in report page loads cost 19–27 CPU-seconds in `chromium` and 9–10 in
 * `chromium-headless-shell` (docs/testing.md). Neither is ever downloaded: `.ci/run` installs both
 * from Debian.
 */
import { existsSync } from "node:fs";
import { chromiumPath } from "../../lib/export/chromium";

export { CHROMIUM_ARGS, NO_CHROMIUM_MESSAGE } from "../../lib/export/chromium";

const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export function e2eChromiumPath(): string {
  if (!process.env.CHROMIUM_PATH?.trim() && existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return chromiumPath();
}
