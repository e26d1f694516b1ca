import { test as setup } from "@playwright/test";
import { DEMO_SESSION_FILE, signInThroughForm, waitForWarehouse } from "../support/demo";

/**
 * Once per run, before every other spec: the app's first sync has read every report's history, and the
 * demo user has signed in through the login form; the session is saved for `signIn` (e2e/support/demo.ts).
 */
setup("the warehouse holds every report's history and the demo user is signed in", async ({ page, baseURL }) => {
  setup.setTimeout(240_000);
  await waitForWarehouse(baseURL as string);
  await signInThroughForm(page, "/");
  await page.context().storageState({ path: DEMO_SESSION_FILE });
});
