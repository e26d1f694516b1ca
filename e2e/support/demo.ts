/**
 * The demo user of every e2e run, signing in through the real login form, and
 * the wait for the app's own sync to have read every report's whole history
 * (so analytics pages have complete data).
 */
import { expect, type Page } from "@playwright/test";
import { apiSession } from "./session";

export const DEMO = { email: "demo@rebatedesk.local", password: "demo-password" };

export async function signIn(page: Page, path = "/"): Promise<void> {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel(/e-?mail/i).fill(DEMO.email);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

export async function waitForWarehouse(baseURL: string): Promise<void> {
  // The app syncs on its own from start-up; ask for a run too and wait until every report's history is read.
  const api = await apiSession(baseURL, DEMO.email, DEMO.password);
  await api.post("/api/sync");
  await expect
    .poll(
      async () => {
        const status = (await (await api.get("/api/sync")).json()) as { running: boolean; reports: Array<{ backfillDone: boolean }> };
        return !status.running && status.reports.every((r) => r.backfillDone);
      },
      { timeout: 200_000, intervals: [1_000] },
    )
    .toBe(true);
  await api.dispose();
}
