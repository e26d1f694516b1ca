/**
 * The demo user of every e2e run and the wait for the app's own sync to have read every report's whole
 * history (so analytics pages have complete data).
 *
 * The setup project (e2e/setup) signs the demo user in once through the real login form and saves the
 * session here; `signIn` then opens a page with that session's cookie instead of typing the form again.
 * When that session no longer works (a spec signed the demo user out, which ends all their sessions), it
 * signs in through the form as before.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { apiSession } from "./session";

export const DEMO = { email: "demo@rebatedesk.local", password: "demo-password" };

/** The demo user's saved session (Playwright storage state), inside the run's data folder. */
export const DEMO_SESSION_FILE = path.resolve(".e2e-data", "demo-session.json");

const onLoginPage = (page: Page) => new URL(page.url()).pathname.startsWith("/login");

/** Signs the demo user in through the login form, landing on `path`. */
export async function signInThroughForm(page: Page, path = "/"): Promise<void> {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel(/e-?mail/i).fill(DEMO.email);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Opens `path` signed in as the demo user: with the saved session when it still works, else through the form. */
export async function signIn(page: Page, path = "/"): Promise<void> {
  if (existsSync(DEMO_SESSION_FILE)) {
    const { cookies } = JSON.parse(readFileSync(DEMO_SESSION_FILE, "utf8")) as { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0] };
    await page.context().addCookies(cookies);
    await page.goto(path);
    if (!onLoginPage(page)) return;
  }
  await signInThroughForm(page, path);
}

interface SyncStatus {
  running: boolean;
  reports: Array<{ backfillDone: boolean }>;
}

export async function waitForWarehouse(baseURL: string): Promise<void> {
  const api = await apiSession(baseURL, DEMO.email, DEMO.password);
  const settled = async () => {
    const status = (await (await api.get("/api/sync")).json()) as SyncStatus;
    return !status.running && status.reports.length > 0 && status.reports.every((r) => r.backfillDone);
  };
  // The setup project waits for the first sync; every later caller finds it done and returns at once.
  if (!(await settled())) {
    // The app syncs on its own from start-up; ask for a run too and wait until every report's history is read.
    await api.post("/api/sync");
    await expect.poll(settled, { timeout: 200_000, intervals: [1_000] }).toBe(true);
  }
  await api.dispose();
}
