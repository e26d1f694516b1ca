import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { seriousViolations } from "./support/page-checks";

/**
 * Coverage on the pages: a custom range reaching before the synced history
 * says "Partial: history from …", the chart draws the days never synced as a
 * band (no bar, not zero) with a legend, its table says "not synced", its SVG
 * download and the printout carry the note, the date picker says where history
 * starts, and the Overview compares with a year ago only where it is synced.
 * Accessible in light and dark, and at phone width.
 */

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day every report holds, from the sync status the app serves. */
async function historyStart(page: Page): Promise<string> {
  const status = (await (await page.request.get("/api/sync")).json()) as { reports: Array<{ coveredFrom: number | null }> };
  const from = Math.max(...status.reports.map((r) => Math.ceil((r.coveredFrom ?? Infinity) / DAY) * DAY));
  expect(Number.isFinite(from)).toBe(true);
  return iso(from);
}

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("a range reaching before history is marked partial: notice, chart band, table, SVG and print carry it", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const from = await historyStart(page);
  const start = iso(Date.parse(`${from}T00:00:00Z`) - 30 * DAY);
  const today = iso(Date.now());
  await page.goto(`/commissions?range=custom&from=${start}&to=${today}`);

  const notice = page.locator('[data-coverage-note="partial"]').first();
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(`Partial: history from ${from}`);
  await expect(notice).toContainText(`totals cover ${from} → ${today} only`);

  // The default view: every coin, in USDT at each day's close.
  const chart = page.getByRole("region", { name: "Commission per period, all coins (≈ USDT)" });
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  // The 30 days before history: one grey band, no bars, and the legend says what it means.
  await expect(chart.locator(".recharts-reference-area")).toHaveCount(1);
  await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toContainText("not synced");
  await expect(chart.getByText("Not synced (30 periods): no data in the warehouse, not zero")).toBeVisible();
  await chart.getByText("Show the figures as a table").click();
  await expect(chart.locator('tr[data-bucket-state="uncovered"]')).toHaveCount(30);
  await expect(chart.locator('tr[data-bucket-state="uncovered"]').first()).toContainText("not synced");
  await expect(chart.locator("tbody tr").first()).toContainText(start);

  // The chart's SVG download carries the note and the legend of the band.
  const pending = page.waitForEvent("download");
  await chart.getByRole("button", { name: "Download SVG of Commission per period, all coins valued" }).click();
  const svg = await readFile(await (await pending).path(), "utf8");
  expect(svg).toContain(`history from ${from}`);
  expect(svg).toContain("Not synced (no data, not zero)");

  // A printout says it too.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("[data-print-coverage]")).toBeVisible();
  await expect(page.locator("[data-print-coverage]")).toContainText(`history from ${from}`);
  await page.emulateMedia({ media: "screen" });
});

test("the date picker says where history starts", async ({ page }) => {
  await signIn(page, "/commissions");
  const from = await historyStart(page);
  await page.getByRole("button", { name: /^Date range:/ }).click();
  await expect(page.getByText(`Synced history starts ${from}; earlier days show as not synced.`)).toBeVisible();
  await expect(page.locator('input[name="from"]')).toHaveAttribute("aria-describedby", /history/);
});

test("the Overview compares with a year ago only where the warehouse holds it", async ({ page }) => {
  await signIn(page);
  const from = await historyStart(page);
  await page.goto("/?range=30d");
  await expect(page.getByText(`vs a year ago: history starts ${from}`).first()).toBeVisible({ timeout: 20_000 });
  // The previous 30 days lie inside 60 days of history: a real change, not a reason.
  await expect(page.locator('[data-comparison-gap="previous"]')).toHaveCount(0);
  await expect(page.getByText(/vs previous: /).first()).toBeVisible();
});

test("the Overview's 12-month trend marks the months not synced, of both periods, and the partly synced one", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const from = await historyStart(page);
  await page.goto("/?range=12m&interval=month");
  const chart = page.getByRole("region", { name: "Commission per period vs the previous period (USDT)" });
  await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible({ timeout: 20_000 });
  // 60 days of history: the year's early months are missing in both periods, the later ones in the previous period only.
  await expect(chart.locator(".recharts-reference-area")).toHaveCount(2);
  // Their labels: "not synced" over both periods' band, "previous / not synced" over the previous period's only.
  const svg = chart.locator(".recharts-wrapper > svg.recharts-surface");
  await expect(svg.locator("tspan", { hasText: /^not synced$/ })).toHaveCount(2);
  await expect(svg.locator("tspan", { hasText: /^previous$/ })).toHaveCount(1);
  await expect(chart.locator("[data-coverage-legend]")).toContainText("no data in the warehouse, not zero");
  const historyMonth = `${from.slice(0, 7)}-01`;
  const partlySynced = !from.endsWith("-01");
  if (partlySynced) await expect(chart.locator("[data-coverage-legend]")).toContainText("Open dot: partly synced (1 period)");

  await chart.getByText("Show the figures as a table").click();
  await expect(chart.locator("thead th")).toHaveText(["This period (date)", "This period (USDT)", "Previous period (date)", "Previous period (USDT)"]);
  const rows = chart.locator("tbody tr");
  const buckets = await rows.locator("th").allTextContents();
  expect(buckets.length).toBeGreaterThanOrEqual(12);
  const before = buckets.filter((b) => b.slice(0, 10) < historyMonth).length;
  expect(before).toBeGreaterThan(0);
  // This period: the months before history say "not synced", never 0; the month history starts in is marked.
  await expect(chart.locator('tr[data-bucket-state="uncovered"]')).toHaveCount(before);
  for (let k = 0; k < before; k++) await expect(rows.nth(k).locator("td").first()).toHaveText("not synced");
  await expect(chart.locator('tr[data-bucket-state="partial"]')).toHaveCount(partlySynced ? 1 : 0);
  if (partlySynced) await expect(rows.nth(before).locator("th")).toHaveText(`${historyMonth} (partly synced)`);
  await expect(rows.last()).toHaveAttribute("data-bucket-state", "covered");
  // The previous period lies wholly before history: every one of its months is not synced, not zero.
  await expect(chart.locator('tr[data-previous-state="uncovered"]')).toHaveCount(buckets.length);
  await expect(rows.last().locator("td").last()).toHaveText("not synced");
});

test("the partial view is accessible in light and dark, and fits a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const from = await historyStart(page);
  const start = iso(Date.parse(`${from}T00:00:00Z`) - 30 * DAY);
  for (const path of [`/commissions?range=custom&from=${start}&to=${iso(Date.now())}`, `/?range=custom&from=${start}&to=${iso(Date.now())}`, "/?range=12m&interval=month"]) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await expect(page.locator('[data-coverage-note="partial"]').first()).toBeVisible({ timeout: 20_000 });
    for (const theme of ["Light", "Dark"] as const) {
      await setTheme(page, theme);
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page), `${theme}: ${path}`).toEqual([]);
    }
    await setTheme(page, "Light");
    await page.setViewportSize({ width: 390, height: 844 });
    // The notice and the chart with its legend stay within the phone's width (wide tables scroll on their own).
    for (const part of [page.locator('[data-coverage-note="partial"]').first(), page.locator("[data-chart-figure]").first(), page.locator("[data-coverage-legend]").first()]) {
      if ((await part.count()) === 0) continue;
      await expect(part).toBeVisible();
      const box = await part.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(390);
    }
  }
});
