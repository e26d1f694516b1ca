import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Digests in a real browser: a weekly digest made from a report view with
 * "Send this view on a schedule…", listed on the Digests page with its next
 * run in its zone and UTC, "Send now", and its message in the run history
 * (the outbox row the delivery worker sends). The page is axe clean in light
 * and dark and fits 390 px; the unsubscribe page opens without signing in.
 * Screenshots land in test-results/.
 */

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
  await expect(page.locator("html")).toHaveClass(theme === "Dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test("a weekly digest made from a view, sent now, with its message in the run history", async ({ page }) => {
  test.setTimeout(180_000);
  // A name of its own: a retry runs against the same app and its database.
  const label = `Weekly futures ${Date.now().toString(36)}`;
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "/commissions?range=7d&product=FUTURES");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commissions");

  await page.getByRole("button", { name: "Send this view on a schedule…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(label);
  await dialog.getByLabel("Weekly").check();
  await dialog.getByLabel("Weekday").selectOption({ label: "Monday" });
  await dialog.getByLabel("Local time").fill("08:00");
  // A zone the server refuses: the dialog names the field and the reason in words, no code or status.
  await dialog.getByLabel("Time zone").fill("Berlin");
  await dialog.getByLabel("Mail recipients").fill("partner@example.com");
  // The run's public link is said in words before the digest is made, and follows the masking choices.
  const notice = dialog.getByTestId("digest-link-notice");
  await expect(notice).toHaveText(/public link .* without signing in for 30 days, .*every invitee uid as it is and every amount/);
  await dialog.getByLabel("Mask invitee uids").check();
  await expect(notice).toContainText("invitee uids masked");
  await dialog.getByLabel("Mask invitee uids").uncheck();
  await dialog.getByRole("button", { name: "Create digest" }).click();
  await expect(dialog.getByRole("alert")).toContainText(/time zone.*Europe\/Berlin/i);
  await expect(dialog.getByRole("alert")).not.toContainText(/BAD_REQUEST|HTTP 400|invalid request body/);
  await dialog.getByLabel("Time zone").fill("Europe/Berlin");
  await page.screenshot({ path: "test-results/digests-dialog.png" });
  expect(await seriousViolations(page, { include: "dialog[open]" }), "the dialog").toEqual([]);
  await dialog.getByRole("button", { name: "Create digest" }).click();
  await expect(dialog.getByRole("status")).toContainText(`“${label}” is scheduled: Weekly on Monday at 08:00 (Europe/Berlin).`);
  await dialog.getByRole("link", { name: "Open Digests" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/digests");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digests");
  const card = page.getByRole("article", { name: label });
  await expect(card).toContainText("Commissions · Futures");
  await expect(card).toContainText(/Next run\s*\d{4}-\d{2}-\d{2} 08:00 \(Europe\/Berlin\) · \d{4}-\d{2}-\d{2} 0[67]:00 UTC/);
  await expect(card).toContainText("not run yet");

  await card.getByRole("button", { name: `Send “${label}” now` }).click();
  await expect(card.getByRole("status")).toHaveText("Run now: see where its messages went in the run history.");
  const history = card.getByRole("region", { name: `Run history of “${label}”` });
  await expect(history).toContainText("(sent by hand)");
  await expect(history).toContainText("Handed to delivery");
  // Demo mode without SMTP: the mail is kept in the Outbox and the history says so, never "Sent" (issue 24).
  await expect(history).toContainText("Mail to partner@example.com: Kept in the Outbox (no SMTP configured): not sent to anyone", { timeout: 60_000 });
  await expect(history).not.toContainText(/: Sent\b/);
  await expect(card).toContainText(/Handed to delivery, sent by hand/);

  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page), `${theme}: /digests`).toEqual([]);
    await page.screenshot({ path: `test-results/digests-${theme.toLowerCase()}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/digests-390.png", fullPage: true });
  await setTheme(page, "Light");

  // Pause stops the schedule and says so.
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole("button", { name: `Pause “${label}”` }).click();
  await expect(card).toContainText(/Next run\s*none while paused — paused by its creator/);
  await card.getByRole("button", { name: `Resume “${label}”` }).click();
  await expect(card).toContainText(/Next run\s*\d{4}-\d{2}-\d{2} 08:00/);
  // The browser logs the one refused request, the time zone above; anything more is a fault.
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/[^)]+\)$/);
});

test("the unsubscribe page opens without signing in and says when a link does not work", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto("/unsubscribe/not-a-real-token");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/unsubscribe\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
