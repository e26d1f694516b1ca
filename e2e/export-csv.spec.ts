import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";

/**
 * CSV export from the pages: the "Download CSV" link next to a table downloads
 * the file the server streams (UTF-8 with a BOM, a header row), with the view's
 * filters, and every row of a paged roster, not only the visible page.
 */



async function download(page: Page, name: string): Promise<{ filename: string; lines: string[] }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const bytes = await readFile((await file.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { filename: file.suggestedFilename(), lines: bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean) };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("a table's CSV is the filtered view; the roster's is every row", async ({ page }) => {
  test.setTimeout(90_000);
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  await signIn(page, `/commissions?range=custom&from=${day(60)}&to=${day(2)}&product=SPOT`);
  const bySymbol = page.getByRole("region", { name: "By symbol" }).first();
  await expect(bySymbol.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
  const symbols = await bySymbol.locator("tbody tr td:first-child").allInnerTexts();
  const csv = await download(page, "Download CSV of By symbol");
  expect(csv.filename).toBe(`rebate-desk-commissions-by-symbol-${day(60)}_${day(2)}.csv`);
  expect(csv.lines[0]).toBe("Symbol,Coin,Commission,Net fee,Volume (USDT)");
  expect(csv.lines.slice(1).map((l) => l.split(",")[0])).toEqual(symbols);
  // Exact decimals: every amount is the warehouse's text, never a rounded display figure.
  for (const line of csv.lines.slice(1)) expect(line).toMatch(/^[A-Z0-9_]+,(USDT|BTC),'?-?\d+(\.\d+)?,'?-?\d+(\.\d+)?,\d+(\.\d+)?$/);

  await page.goto(`/invitees?range=custom&from=${day(90)}&to=${day(2)}&sort=uid&dir=asc`);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText(/of \d+/, { timeout: 20_000 });
  const total = Number(/of (\d+)/.exec(await pager.innerText())![1]);
  expect(total).toBeGreaterThan(50);
  const roster = await download(page, "Download CSV of Invitee directory (all rows)");
  expect(roster.lines.length - 1).toBe(total);
  const uids = roster.lines.slice(1).map((l) => l.split(",")[0]!);
  expect(uids).toEqual([...uids].sort());
});

/** Every table and chart of the five pages has its link, each answers a CSV, and the pages stay axe-clean. */
const LINKS: ReadonlyArray<{ path: string; tables: number }> = [
  { path: "/", tables: 2 },
  { path: "/commissions", tables: 5 },
  { path: "/sub-affiliates", tables: 3 },
  { path: "/invitees", tables: 4 },
  { path: "/trade-assets", tables: 2 },
];

test("every analytics table has a Download CSV link that answers a CSV", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "/");
  for (const p of LINKS) {
    await page.goto(p.path);
    await expect(page.getByText(/Data as of \d{4}-\d{2}-\d{2}/).first()).toBeVisible({ timeout: 20_000 });
    const links = page.getByRole("link", { name: /^Download CSV of / });
    await expect(links).toHaveCount(p.tables);
    for (const href of await links.evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""))) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
      expect(res.headers()["content-type"], href).toBe("text/csv; charset=utf-8");
      expect(res.headers()["content-disposition"], href).toMatch(/^attachment; filename="rebate-desk-/);
    }
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious, p.path).toEqual([]);
  }
});
