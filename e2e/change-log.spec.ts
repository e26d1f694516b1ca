import { expect, test } from "@playwright/test";
import { DEMO, signIn, waitForWarehouse } from "./support/demo";
import { seriousViolations, watchConsole } from "./support/page-checks";

/**
 * The Change log (issue #28): an analyst edits a note under the Overview trend, follows the list's "Change log" link
 * and reads the edit there — who, what, the text before → after — above the note's creation; the page has no serious
 * axe violation. Then a tier threshold's value edited on the Targets page, read the same way. The note's text and the
 * tier's name are unique to the run and deleted at the end (other specs share the app).
 */

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test("edit a note and read the change on the Change log", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const run = Date.now().toString(36);
  const before = `E2E log ${run}`;
  const after = `E2E log ${run} edited`;
  // Signed in first: the API request below carries the session's cookie.
  await signIn(page, `/?range=custom&from=${dayAgo(29)}&to=${dayAgo(1)}`);
  const made = await page.request.post("/api/annotations", { data: { day: dayAgo(3), text: before } });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  try {
    await page.reload();
    const trend = page.getByRole("region", { name: /^Commission per period vs / });
    const item = trend.locator(`[data-annotation="${id}"]`);
    await item.getByRole("button", { name: `Edit the annotation of ${dayAgo(3)}` }).click({ timeout: 30_000 });
    const form = trend.getByRole("form", { name: "Edit the annotation" });
    await form.getByLabel("Note").fill(after);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(trend.locator(`[data-annotation="${id}"]`)).toContainText(after);

    await trend.getByRole("link", { name: "Change log" }).click();
    await expect(page).toHaveURL(/\/change-log#annotations$/);
    const log = page.getByRole("list", { name: "Annotations, newest first" });
    const entries = log.locator(":scope > li").filter({ hasText: run });
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(`changed ${dayAgo(3)} “${after}”`);
    await expect(entries.nth(0)).toContainText(`Text “${before}” → “${after}”`);
    await expect(entries.nth(0)).toContainText(DEMO.email);
    await expect(entries.nth(1)).toContainText(`created ${dayAgo(3)} “${before}”`);
    // The page is in the navigation too, marked as the one open.
    await expect(page.locator('a[href="/change-log"][aria-current="page"]')).toHaveText("Change log");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await page.request.delete(`/api/annotations/${id}`);
  }
});

test("edit a tier threshold and read the change on the Change log", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const tier = `E2E log tier ${Date.now().toString(36)}`;
  await signIn(page, "/targets");
  const made = await page.request.post("/api/targets", { data: { kind: "tier", metric: "volumeAllCoins", period: "month", value: "1000", name: tier } });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  try {
    await page.reload();
    const row = page.getByRole("listitem", { name: `Trading volume, all coins, Tier ${tier}: every month` });
    await row.getByLabel(/^Value of /).fill("2500000");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByLabel(/^Value of /)).toHaveValue("2500000");
    await expect(row.getByRole("button", { name: "Save" })).toBeDisabled();

    // The Targets page's own link (the navigation has one to the page's top).
    await page.locator('a[href="/change-log#targets"]').click();
    await expect(page).toHaveURL(/\/change-log#targets$/);
    const log = page.getByRole("list", { name: "Targets and tier thresholds, newest first" });
    const entries = log.locator(":scope > li").filter({ hasText: tier });
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(`changed Trading volume, all coins — Tier ${tier}: every month · 2,500,000 USDT`);
    await expect(entries.nth(0)).toContainText("Value “1,000” → “2,500,000”");
    await expect(entries.nth(0)).toContainText(DEMO.email);
    await expect(entries.nth(1)).toContainText(`created Trading volume, all coins — Tier ${tier}: every month · 1,000 USDT`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await page.request.delete(`/api/targets/${id}`);
  }
});
