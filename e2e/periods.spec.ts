import { expect, test } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";

/**
 * "MTD vs last month" in Chromium: the Overview says which days it compares, the month before from its 1st to the
 * same day (clamped to that month's length) — worked out here from the browser's own UTC date, not by the app's
 * period code — and that today is partial; the compare choice and the new presets round-trip through the URL.
 * (The app's clock is the real one here: the spec that moves it, e2e/serial/clock-periods.spec.ts, runs alone.)
 */

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

test("MTD compares 1–today with 1–the same day of last month, and says today is partial", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "/?range=mtd");
  const note = page.getByTestId("periods-note");
  await expect(note).toBeVisible({ timeout: 30_000 });
  const now = new Date();
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const prevY = m === 0 ? y - 1 : y;
  const prevM = m === 0 ? 11 : m - 1;
  const prevLen = new Date(Date.UTC(prevY, prevM + 1, 0)).getUTCDate();
  const current = d === 1 ? `1 ${MONTHS[m]} ${y}` : `1–${d} ${MONTHS[m]} ${y}`;
  const prevDay = Math.min(d, prevLen);
  const previous = prevDay === 1 ? `1 ${MONTHS[prevM]} ${prevY}` : `1–${prevDay} ${MONTHS[prevM]} ${prevY}`;
  await expect(note).toContainText(`${current} compared with ${previous} (previous period).`);
  await expect(note).toContainText("Today is partial, so changes leave it out");

  // The compare choice is a URL parameter and round-trips: chosen in the filter bar, kept on reload.
  await page.getByLabel("Compare with").selectOption("yearAgo");
  await expect(page).toHaveURL(/compare=yearAgo/);
  await expect(note).toContainText(`compared with ${current.replace(String(y), String(y - 1))}`);
  await page.reload();
  await expect(page.getByLabel("Compare with")).toHaveValue("yearAgo");

  // Last month: the whole month before against the whole month before that, no partial day.
  await page.goto("/?range=lastmonth");
  const pp = prevM === 0 ? { y: prevY - 1, m: 11 } : { y: prevY, m: prevM - 1 };
  const ppLen = new Date(Date.UTC(pp.y, pp.m + 1, 0)).getUTCDate();
  await expect(note).toContainText(`1–${prevLen} ${MONTHS[prevM]} ${prevY} compared with 1–${ppLen} ${MONTHS[pp.m]} ${pp.y} (previous period).`);
  await expect(note).not.toContainText("partial");
});

test("a link made from a view compared with a year earlier shows its viewer the same comparison, and says so", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "/?range=30d&compare=yearAgo");
  await expect(page.getByTestId("periods-note")).toContainText("(same days a year earlier).", { timeout: 30_000 });
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("share-compare")).toHaveText("Compared with the same days a year earlier, as on this page.");
  await dialog.getByLabel("Label").fill("Year on year");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("Share link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();

  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(url);
  await expect(guest.getByTestId("shared-scope")).toContainText("compared with the same days a year earlier");
  await expect(guest.getByTestId("periods-note")).toContainText("(same days a year earlier).", { timeout: 30_000 });
  await context.close();
});

test("a link made from 'Last month' compares its viewer's month with the whole month before, fixed or rolling", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "/?range=lastmonth");
  await expect(page.getByTestId("periods-note")).toBeVisible({ timeout: 30_000 });
  // Worked out from the browser's UTC date: last month and the month before it, whole.
  const now = new Date();
  const month = (back: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const len = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    return `1–${len} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  };
  const expected = `${month(1)} compared with ${month(2)} (previous period).`;
  for (const dates of ["Fixed", "Rolling"] as const) {
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog");
    if (dates === "Rolling") await dialog.getByLabel("Rolling: last month, as of the day it is opened").check();
    await dialog.getByLabel("Label").fill(`Last month, ${dates.toLowerCase()}`);
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = await dialog.getByLabel("Share link").inputValue();
    await dialog.getByRole("button", { name: "Done" }).click();
    const context = await browser.newContext();
    const guest = await context.newPage();
    await guest.goto(url);
    // Before: the fixed link's 31 (or 30) days were compared with as many days before them, not the calendar month.
    await expect(guest.getByTestId("periods-note"), dates).toContainText(expected, { timeout: 30_000 });
    if (dates === "Rolling") await expect(guest.getByTestId("shared-scope")).toContainText("Last month, rolling");
    await context.close();
  }
});
