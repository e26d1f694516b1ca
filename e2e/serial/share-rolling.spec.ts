import { expect, test, type Browser, type Page } from "@playwright/test";
import { moveAppClock, resetAppClock } from "../support/clock";
import { signIn, waitForWarehouse } from "../support/demo";
import { expectNoSidewaysScroll, seriousViolations } from "../support/page-checks";

/**
 * Rolling links and percentages links in real browsers, opened by a stranger
 * (a fresh context): a rolling link seen on two days (the app's clock moved,
 * e2e/support/clock.ts) shows two ranges of the same N days; a percentages
 * Overview shows each headline's change against the previous period, never a
 * constant 100 %. The share dialog is checked (axe) and photographed in light,
 * dark and at 390 px.
 */

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test.afterEach(() => resetAppClock());

const DAY = 86_400_000;
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

async function openDialog(page: Page) {
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("group", { name: "Dates" })).toBeVisible();
  return dialog;
}

async function create(page: Page, options: { label: string; rolling?: boolean; percentages?: boolean }): Promise<string> {
  const dialog = await openDialog(page);
  await dialog.getByLabel("Label").fill(options.label);
  if (options.rolling) await dialog.getByLabel(/Rolling: the last/).check();
  if (options.percentages) await dialog.getByLabel("Show percentages instead of amounts").check();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("Share link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  return url;
}

async function stranger(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** The days a shared page says it shows now ("Last 7 days, rolling (now 2026-11-18 – 2026-11-24 · …)"). */
async function shownDays(page: Page): Promise<{ from: string; to: string }> {
  const scope = page.getByTestId("shared-scope");
  await expect(scope).toContainText("rolling", { timeout: 20_000 });
  const match = /now (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})/.exec(await scope.innerText());
  expect(match, await scope.innerText()).not.toBeNull();
  return { from: match![1]!, to: match![2]! };
}

test("the share dialog offers fixed or rolling dates in words, accessible in light and dark and at 390 px", async ({ page }, info) => {
  test.setTimeout(120_000);
  await signIn(page, "/commissions?range=7d");
  for (const theme of ["Light", "Dark"] as const) {
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel(/Fixed: \d{1,2} [A-Z][a-z]{2}( \d{4})? → \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeChecked();
    await expect(dialog.getByLabel("Rolling: the last 7 days up to the day it is opened")).not.toBeChecked();
    // A snapshot is frozen: the dates are fixed, and the dialog says so.
    await dialog.getByLabel(/Snapshot/).check();
    await expect(dialog.getByLabel(/Rolling: the last/)).toBeDisabled();
    await expect(dialog.getByText("A snapshot is frozen now, so its dates are fixed.")).toBeVisible();
    await dialog.getByLabel("Live").check();
    await dialog.getByLabel(/Rolling: the last/).check();
    expect(await seriousViolations(page), theme).toEqual([]);
    await dialog.screenshot({ path: info.outputPath(`share-dialog-${theme.toLowerCase()}.png`) });
    await dialog.getByRole("button", { name: "Cancel" }).click();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openDialog(page);
  await expectNoSidewaysScroll(page);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await dialog.screenshot({ path: info.outputPath("share-dialog-390.png") });
});

test("a rolling link seen on two days shows two ranges of the same 7 days; the older one is refused", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "/commissions?range=7d");
  // Its own label on every attempt: a retry finds the first attempt's link in the list too.
  const label = `Rolling week ${test.info().retry}`;
  const url = await create(page, { label, rolling: true });
  await page.goto("/reports");
  await expect(page.getByTestId("share-link").filter({ hasText: label })).toContainText("rolling dates");

  const { context, page: guest } = await stranger(browser);
  await guest.goto(url);
  const first = await shownDays(guest);
  expect((dayMs(first.to) - dayMs(first.from)) / DAY + 1).toBe(7);
  await expect(guest.locator("dl div").filter({ hasText: "Commission (USDT)" }).locator("dd").first()).toHaveText(/\d/, { timeout: 20_000 });

  moveAppClock(DAY);
  await guest.reload();
  const next = await shownDays(guest);
  expect(next).toEqual({ from: new Date(dayMs(first.from) + DAY).toISOString().slice(0, 10), to: new Date(dayMs(first.to) + DAY).toISOString().slice(0, 10) });
  expect((dayMs(next.to) - dayMs(next.from)) / DAY + 1).toBe(7);
  // The page's data is the next day's window, and yesterday's window is no longer in scope.
  const data = (await (await guest.request.get(`${url}/data/commissions`)).json()) as { range: { from: string; to: string } };
  expect({ from: data.range.from, to: data.range.to }).toEqual(next);
  expect((await guest.request.get(`${url}/data/commissions?range=custom&from=${first.from}&to=${first.to}`)).status()).toBe(403);
  await context.close();
});

test("a percentages Overview link shows each headline's change against the previous period, not 100 %", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "/?range=7d");
  await expect(page.locator("dl div").filter({ hasText: "Commission (USDT)" }).locator("dd").first()).toHaveText(/\d/, { timeout: 20_000 });
  const url = await create(page, { label: "Changes only", percentages: true });

  const { context, page: guest } = await stranger(browser);
  await guest.goto(url);
  const cards = guest.locator("dl").first();
  for (const figure of ["Commission", "Net fee", "Trading volume, all coins", "Net deposits"]) {
    const card = cards.locator(":scope > div").filter({ hasText: `${figure} (change vs previous period)` });
    await expect(card.locator("dd").first(), figure).toHaveText(/^[+\-−]?\d[\d,]*\.\d %$|^no change to show$/, { timeout: 20_000 });
    await expect(card.locator("dd").first(), figure).not.toHaveText("100.0 %");
  }
  // The commission of a synced week against the week before: a change, shown.
  await expect(cards.locator(":scope > div").filter({ hasText: "Commission (change vs previous period)" }).locator("dd").first()).toHaveText(/^[+\-−]?\d[\d,]*\.\d %$/);
  await expect(cards.getByText("100.00 %")).toHaveCount(0);
  await expect(guest.getByText("Commission (USDT)")).toHaveCount(0);
  await expect(guest.getByText(/Totals shown as their change against the previous period/)).toBeVisible();
  expect(await seriousViolations(guest)).toEqual([]);
  await context.close();
});
