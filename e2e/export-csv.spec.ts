import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";

/**
 * CSV export from the pages: the "Download CSV" link next to a table downloads
 * the file the server streams (UTF-8 with a BOM, a header row), with the view's
 * filters, and every row of a paged roster, not only the visible page.
 */



/** The file's name, its coverage notes (the '"# …"' lines before the header, when the range is not all synced) and its other lines. */
async function download(page: Page, name: string): Promise<{ filename: string; notes: string[]; lines: string[] }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const bytes = await readFile((await file.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const all = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
  const notes = all.filter((line) => line.startsWith('"# '));
  return { filename: file.suggestedFilename(), notes, lines: all.slice(notes.length) };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("a table's CSV is the filtered view; the roster's is every row", async ({ page }) => {
  test.setTimeout(90_000);
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  // Inside the 60 days the e2e world syncs (today and 59 before): a complete file, no coverage note.
  await signIn(page, `/commissions?range=custom&from=${day(59)}&to=${day(2)}&product=SPOT`);
  const bySymbol = page.getByRole("region", { name: "By symbol" }).first();
  await expect(bySymbol.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
  const symbols = await bySymbol.locator("tbody tr td:first-child").allInnerTexts();
  const csv = await download(page, "Download CSV of By symbol");
  // The file says what it holds: report, table, range and the warehouse's "data as of" (the page's, to the minute).
  const asOf = /Data as of (\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}) UTC/.exec(await page.getByText(/Data as of \d{4}-\d{2}-\d{2}/).first().innerText())!;
  expect(csv.notes).toEqual([]);
  const named = new RegExp(`^commissions_by-symbol_${day(59)}_${day(2)}_asof-(\\d{4}-\\d{2}-\\d{2}T\\d{4}Z)\\.csv$`).exec(csv.filename);
  expect(named, csv.filename).not.toBeNull();
  // The same minute as the page, or later if the app's own sync ran in between (never earlier).
  expect(named![1]! >= `${asOf[1]}T${asOf[2]}${asOf[3]}Z`, `${named![1]} vs the page's ${asOf[0]}`).toBe(true);
  // The default view is every coin: commission and fee are in each row's own coin (its Coin column).
  // Beside it, each row's USDT value at each day's close (blank where a day's close is not held).
  expect(csv.lines[0]).toBe("Symbol,Coin,Commission (coin of the row),Commission valued (≈ USDT),Net fee (coin of the row),Net fee valued (≈ USDT),Volume (USDT)");
  expect(csv.lines.slice(1).map((l) => l.split(",")[0])).toEqual(symbols);
  // Exact decimals: every amount is the warehouse's text, never a rounded display figure.
  for (const line of csv.lines.slice(1)) {
    expect(line).toMatch(/^[A-Z0-9_]+,(USDT|BTC),'?-?\d+(\.\d+)?,('?-?\d+(\.\d+)?)?,'?-?\d+(\.\d+)?,('?-?\d+(\.\d+)?)?,\d+(\.\d+)?$/);
    // A USDT row is its own USDT value, its commission's and its net fee's.
    const [, coin, commission, valued, fee, feeValued] = line.split(",");
    if (coin === "USDT") expect([valued, feeValued]).toEqual([commission, fee]);
  }

  await page.goto(`/invitees?range=custom&from=${day(90)}&to=${day(2)}&sort=uid&dir=asc`);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText(/of \d+/, { timeout: 20_000 });
  const total = Number(/of (\d+)/.exec(await pager.innerText())![1]);
  expect(total).toBeGreaterThan(50);
  const roster = await download(page, "Download CSV of Invitee directory (all rows)");
  // 90 days of a warehouse that syncs 60 (the e2e world): the file says it is partial, in its name and its first line.
  expect(roster.filename).toMatch(new RegExp(`^invitees_roster_${day(90)}_${day(2)}_asof-\\d{4}-\\d{2}-\\d{2}T\\d{4}Z_partial\\.csv$`));
  expect(roster.notes).toEqual([expect.stringMatching(/^"# Partial: history from \d{4}-\d{2}-\d{2}/)]);
  expect(roster.lines[0]).toMatch(/^uid,Registered \(UTC\),KYC,Invite code,Source,First deposit \(UTC\),/);
  expect(roster.lines.length - 1).toBe(total);
  const uids = roster.lines.slice(1).map((l) => l.split(",")[0]!);
  expect(uids).toEqual([...uids].sort());
});

/** Every table and chart of the five pages has its link, and each answers a CSV. */
const LINKS: ReadonlyArray<{ path: string; tables: number }> = [
  // Headline figures, trend, how each coin was valued (the world pays some BTC), the compared chart, top invitees, top
  // symbols, commission per coin and the funnel.
  { path: "/", tables: 8 },
  // With no coin: totals, how each coin was valued, the USDT chart and each coin's native series, top invitees, by
  // symbol, rates.
  { path: "/commissions", tables: 7 },
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
      const table = new URL(href, "http://x").searchParams.get("table")!;
      const report = p.path === "/" ? "overview" : p.path.slice(1);
      expect(res.headers()["content-disposition"], href).toMatch(
        new RegExp(`^attachment; filename="${report}_${table}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}_asof-\\d{4}-\\d{2}-\\d{2}T\\d{4}Z\\.csv"; filename\\*=UTF-8''`),
      );
    }
    // No axe check here: these pages, in this state (a full load, the default range, light), are checked by
    // e2e/analytics.spec.ts, and an axe run costs the browser 2–6 CPU-seconds a page.
  }
});
