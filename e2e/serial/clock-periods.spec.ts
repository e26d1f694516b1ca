import { expect, test } from "@playwright/test";
import { moveAppClock, resetAppClock } from "../support/clock";
import { signIn, waitForWarehouse } from "../support/demo";

/**
 * The reports' "today" is the app's clock (lib/clock.ts), not the machine's: with the clock moved back to
 * yesterday 11:00 UTC, month to date is 1–yesterday against 1–the same day of the month before — on the page's
 * words, the date picker (resolved in the browser), the answer's periods and the CSV's partial-day note. The
 * expected days are worked out here from the target instant, not by the app's period code.
 * Moved back (never forward: a lease taken while the clock is ahead would outlive the test), reset after each test.
 */

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test.afterEach(() => resetAppClock());

const DAY = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
const words = (d: number, m: number, y: number) => (d === 1 ? `1 ${MONTHS[m]} ${y}` : `1–${d} ${MONTHS[m]} ${y}`);

test("month to date follows the app's clock: 1–that day against 1–the same day of the month before", async ({ page }) => {
  test.setTimeout(120_000);
  const real = new Date();
  const target = Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate()) - DAY + 11 * 3_600_000;
  moveAppClock(target - Date.now());

  const t = new Date(target);
  const [y, m, d] = [t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()];
  const prevY = m === 0 ? y - 1 : y;
  const prevM = m === 0 ? 11 : m - 1;
  const prevDay = Math.min(d, new Date(Date.UTC(prevY, prevM + 1, 0)).getUTCDate());
  const today = iso(y, m, d);

  await signIn(page, "/?range=mtd");
  const note = page.getByTestId("periods-note");
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note).toContainText(`${words(d, m, y)} compared with ${words(prevDay, prevM, prevY)} (previous period).`);
  await expect(note).toContainText(`Today is ${d} ${MONTHS[m]} ${y}`);
  // The picker resolves the preset in the browser, on the same clock.
  await expect(page.locator('button[aria-haspopup="true"][title$="(UTC)"]').first()).toHaveAttribute("title", `${iso(y, m, 1)} → ${today} (UTC)`);

  const answer = (await (await page.request.get("/api/reports/overview?range=mtd")).json()) as { periods: Record<string, unknown> };
  expect(answer.periods).toEqual({
    current: { from: iso(y, m, 1), to: today },
    previous: { from: iso(prevY, prevM, 1), to: iso(prevY, prevM, prevDay) },
    yearAgo: { from: iso(y - 1, m, 1), to: iso(y - 1, m, Math.min(d, new Date(Date.UTC(y - 1, m + 1, 0)).getUTCDate())) },
    partialDay: today,
  });
  const csv = await page.request.get("/api/reports/overview/export?range=mtd&table=commission-trend");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`Today is ${d} ${MONTHS[m]} ${y}`);
});
