import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Alerts in a real browser: a rule made with the form (its thresholds checked
 * in words), fired by an admin's "Evaluate now" over the synced warehouse, seen
 * on the alerts page with its figures and in the navigation's badge, then
 * acknowledged one and all, and muted. Axe clean in light and dark, no sideways
 * scroll at 390 px; screenshots kept in test-results.
 */

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
}

const alertsLink = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Alerts/ });

test("create a rule, fire it, see it in the list and the badge, acknowledge, mute", async ({ page }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const problems = watchConsole(page);
  await signIn(page, "/alerts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerts");
  // A retried attempt starts as the first did: no rules, nothing unacknowledged.
  const existing = (await (await page.request.get("/api/alerts/rules")).json()) as { rules: Array<{ id: string }> };
  for (const r of existing.rules) expect((await page.request.delete(`/api/alerts/rules/${r.id}`)).status()).toBe(204);
  if (existing.rules.length > 0) await page.reload();
  await expect(page.getByRole("heading", { name: "No rules yet" })).toBeVisible();

  await page.getByRole("button", { name: "New rule" }).click();
  const form = page.getByRole("form", { name: "New rule" });
  await form.getByLabel("Name").fill("Deposits above 1 USDT");
  await form.getByLabel("What to watch").selectOption({ label: "A large deposit or withdrawal" });
  await form.getByLabel("Above (USDT, in one day)").fill("a lot");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(form.getByText("the amount must be a number such as 10000 or 2500.50")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("Please check the field marked above.");
  await form.getByLabel("Above (USDT, in one day)").fill("1");
  await form.getByLabel(/Also by mail to/).fill("manager@example.com");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(form).toHaveCount(0);
  const rules = page.getByRole("region", { name: "Rules" });
  await expect(rules.getByText("An invitee's deposit of more than 1 USDT in a day.")).toBeVisible();
  await expect(rules.getByText(/Tells in the app · mail to manager@example.com/)).toBeVisible();

  await page.getByRole("button", { name: "Evaluate now" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Deposits above 1 USDT: \d+ fired/ })).toBeVisible({ timeout: 30_000 });
  const fired = page.getByRole("region", { name: "Fired alerts" });
  const items = fired.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Deposits above 1 USDT" }) });
  await expect(items.first()).toContainText(/Invitee \d+ deposited [\d.]+ USDT on \d{4}-\d{2}-\d{2} \(threshold 1 USDT\)\./);
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  await expect(alertsLink(page)).toHaveAccessibleName(`Alerts, ${count} unacknowledged`);

  // Figures in words, a link to the invitee.
  await items.first().getByText("The figures").click();
  await expect(items.first().getByText("Amount", { exact: true })).toBeVisible();
  await expect(items.first().getByRole("link", { name: /^Invitee \d+$/ })).toHaveAttribute("href", /^\/invitees\/\d+\?range=custom&from=/);
  await page.screenshot({ path: info.outputPath("alerts-light.png"), fullPage: true });
  expect(await seriousViolations(page), "light").toEqual([]);

  // Acknowledge one, then all.
  await items.first().getByRole("button", { name: /^Acknowledge "Deposits above 1 USDT"/ }).click();
  if (count > 1) await expect(alertsLink(page)).toHaveAccessibleName(`Alerts, ${count - 1} unacknowledged`);
  await expect(items.first()).toContainText("Acknowledged");
  if (count > 1) {
    await page.getByRole("button", { name: "Acknowledge all" }).click();
  }
  await expect(alertsLink(page)).toHaveAccessibleName("Alerts");
  await expect(fired.getByText("0 unacknowledged · newest first")).toBeVisible();

  // Evaluating again over unchanged data fires nothing new.
  await page.getByRole("button", { name: "Evaluate now" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Deposits above 1 USDT: nothing new fired/ })).toBeVisible({ timeout: 30_000 });
  await expect(alertsLink(page)).toHaveAccessibleName("Alerts");

  // Mute for a day.
  await rules.getByLabel('Mute rule "Deposits above 1 USDT" for').selectOption({ label: "1 day" });
  await rules.getByRole("button", { name: 'Mute rule "Deposits above 1 USDT"' }).click();
  await expect(rules.getByText(/^Muted until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)).toBeVisible();
  await expect(rules.getByRole("button", { name: 'Unmute rule "Deposits above 1 USDT"' })).toBeVisible();

  await setTheme(page, "Dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.screenshot({ path: info.outputPath("alerts-dark.png"), fullPage: true });
  expect(await seriousViolations(page), "dark").toEqual([]);

  // The form open, in dark, on a phone: no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "New rule" }).click();
  await page.getByRole("form", { name: "New rule" }).getByLabel("What to watch").selectOption({ label: "Commission or volume changes" });
  await page.waitForLoadState("networkidle");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath("alerts-phone-dark.png"), fullPage: true });
  expect(await seriousViolations(page), "phone dark").toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await setTheme(page, "Light");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath("alerts-phone-light.png"), fullPage: true });
  expect(await seriousViolations(page), "phone light").toEqual([]);
  expect(problems).toEqual([]);
});
