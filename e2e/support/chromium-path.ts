/** The e2e tests drive the same Chromium as the app's server-side PDFs (lib/export/chromium.ts). */
export { CHROMIUM_ARGS, chromiumPath, NO_CHROMIUM_MESSAGE } from "../../lib/export/chromium";
