import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { COUNT_CELL, expectRounded, USDT_CELL } from "./support/figures";
import { seriousViolations, watchConsole } from "./support/page-checks";

/**
 * The Overview's chart, top lists and funnel; every card and every uid links to
 * the page that explains it, keeping the view's filters (the invitee pages may
 * not exist yet: their links are checked by href, not followed); Back undoes a
 * filter or range change and shows the previous figures again.
 */

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
// Days that are over and fully synced, so the figures cannot move between two visits of the same view.
const FROM = day(20);
const TO = day(3);
const PAST = `range=custom&from=${FROM}&to=${TO}`;

/** The headline figure (first <dd>) of the card whose label is `label`. */
const card = (page: Page, label: string) => page.locator("dl div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd").first();
/** A titled block (a table's section and its scrolling frame share the name: the outer one). */
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true }).first();
const filter = (page: Page, label: string) => page.getByRole("search", { name: "Report filters" }).getByLabel(label, { exact: true });

/** The query a followed link keeps, in lib/reports/entity-links.ts's order. */
function kept(query: string): string {
  const from = new URLSearchParams(query);
  const out = new URLSearchParams();
  for (const name of ["range", "from", "to", "coin", "product", "source", "interval", "tz"]) {
    const value = from.get(name);
    if (value) out.set(name, value);
  }
  return out.toString();
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("the Overview shows the commission chart against the previous period, top lists and the funnel", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await signIn(page, `/?${PAST}`);
  await expect(card(page, "Commission (USDT)")).toHaveText(/\d/, { timeout: 20_000 });
  const chart = region(page, "Commission per period vs the previous period (USDT)");
  // recharts loads after the figures (lazily): on a busy machine that can take a while.
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible({ timeout: 20_000 });
  // Two lines: this period and the previous one, named in the legend.
  await expect(chart.locator(".recharts-line")).toHaveCount(2);
  await expect(chart.getByText("Previous period", { exact: true }).first()).toBeAttached();
  // One row per day of the range, each with this period's figure beside the previous period's.
  await expect(chart.locator("details tbody tr")).toHaveCount(18);
  await expect(chart.locator("details tbody tr").first().locator("th")).toHaveText(FROM);
  // The table under the chart shows USDT at 2 decimals, every digit in each cell's title.
  await expectRounded(chart.locator("details tbody td[title]"), USDT_CELL, 2);
  await expect(region(page, "Top invitees (USDT)").locator("tbody tr")).toHaveCount(5);
  await expect(region(page, "Top symbols (USDT)").locator("tbody tr")).toHaveCount(5);
  await expect(region(page, "Commission per coin").locator("tbody tr").first()).toContainText(/USDT|BTC/);
  for (const items of await region(page, "Commission per coin").locator("tbody tr td:nth-child(6)").allInnerTexts()) expect(items.trim()).toMatch(COUNT_CELL);
  // Each coin's commission beside its value in USDT at each day's close (the column sums to the first card).
  await expect(region(page, "Commission per coin").getByRole("columnheader", { name: /^Commission valued \(≈ USDT\)/ })).toBeVisible();
  await expect(region(page, "Commission per coin").getByRole("columnheader", { name: /^Net fee valued \(≈ USDT\)/ })).toBeVisible();
  // In USDT the top lists carry no ≈ USDT column: it would repeat every figure.
  await expect(region(page, "Top invitees (USDT)").getByRole("columnheader", { name: /Commission valued/ })).toHaveCount(0);
  const funnel = region(page, "Invitee funnel");
  await expect(funnel.getByRole("listitem")).toHaveCount(4);
  for (const step of ["Registered", "KYC passed", "First deposit", "First trade"]) await expect(funnel.getByText(step, { exact: true })).toBeVisible();
  await expect(funnel.getByRole("listitem").nth(1)).toContainText(/% of sign-ups/);
  // Another coin is another chart and other top lists, never added to USDT.
  await filter(page, "Coin").selectOption("BTC");
  await expect(page).toHaveURL(/coin=BTC/);
  await expect(region(page, "Commission per period vs the previous period (BTC)").locator("svg.recharts-surface").first()).toBeVisible({ timeout: 20_000 });
  await expect(region(page, "Top invitees (BTC)").locator("tbody tr").first()).toBeVisible();
  await expect(region(page, "Top invitees (BTC)").getByRole("columnheader", { name: /^Commission valued \(≈ USDT\)/ })).toBeVisible();
  // Axe-clean with everything drawn, light and dark.
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page), "light").toEqual([]);
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page), "dark").toEqual([]);
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Light theme" }).click();
  expect(problems).toEqual([]);
});

test("every card links to the page that explains it, and every uid to its invitee's page, keeping the filters", async ({ page }) => {
  test.setTimeout(90_000);
  const query = `${PAST}&interval=week&tz=Asia%2FTokyo`;
  await signIn(page, `/?${query}`);
  await expect(card(page, "Commission (USDT)")).toHaveText(/\d/, { timeout: 20_000 });
  const keep = kept(query);
  const cards: ReadonlyArray<readonly [string, string]> = [
    ["Commission (USDT)", "/commissions"],
    ["Net fee (USDT)", "/commissions"],
    ["Effective rate (commission ÷ fee)", "/commissions"],
    ["Trading volume, all coins (USDT)", "/commissions"],
    ["New invitees", "/invitees"],
    ["Invitees with commission items", "/trade-assets"],
    ["Net deposits (USDT)", "/trade-assets"],
  ];
  for (const [label, path] of cards) await expect(page.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", `${path}?${keep}`);
  // A top invitee: its page, the same filters.
  const top = region(page, "Top invitees (USDT)").locator("tbody tr").first().getByRole("link");
  const uid = (await top.innerText()).trim();
  expect(uid).toMatch(/^\d+$/);
  await expect(top).toHaveAttribute("href", `/invitees/${uid}?${keep}`);
  // Following a card shows the explaining page with the same view.
  await page.getByRole("link", { name: "Net deposits (USDT)", exact: true }).click();
  await expect(page).toHaveURL(`/trade-assets?${keep}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trade & assets");
  // Trade & assets and Commissions link their uids alike.
  const row = region(page, "Trade and assets per invitee").locator("tbody tr").first().getByRole("link");
  await expect(row).toHaveAttribute("href", new RegExp(`^/invitees/\\d+\\?${keep.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`), { timeout: 20_000 });
  await page.goto(`/commissions?${query}&coin=BTC`);
  const commissionsTop = region(page, "Top invitees (BTC)").locator("tbody tr").first().getByRole("link");
  const btcUid = (await commissionsTop.innerText({ timeout: 20_000 })).trim();
  await expect(commissionsTop).toHaveAttribute("href", `/invitees/${btcUid}?${kept(`${query}&coin=BTC`)}`);
});

test("Back undoes a filter and a range change: the previous filter and figures come back", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, `/?${PAST}`);
  const commission = card(page, "Commission (USDT)");
  await expect(commission).toHaveText(/\d/, { timeout: 20_000 });
  const topRow = () => region(page, "Top invitees (USDT)").locator("tbody tr").first();
  const start = { commission: await commission.innerText(), top: (await topRow().textContent()) ?? "" };
  const chartRows = region(page, "Commission per period vs the previous period (USDT)").locator("details tbody tr");
  await expect(chartRows).toHaveCount(18);

  await filter(page, "Per").selectOption("week");
  await expect(page).toHaveURL(/interval=week/);
  await expect(chartRows).not.toHaveCount(18, { timeout: 20_000 });
  const weekly = await chartRows.count();
  await page.getByRole("button", { name: /^Date range:/ }).click();
  await page.getByLabel("From", { exact: true }).fill(day(10));
  await page.getByLabel("To", { exact: true }).fill(TO);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day(10)}`));
  await expect(commission).not.toHaveText(start.commission, { timeout: 20_000 });

  // Back: the range as it was, the weekly buckets still chosen.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`from=${FROM}`));
  await expect(commission).toHaveText(start.commission, { timeout: 20_000 });
  await expect(filter(page, "Per")).toHaveValue("week");
  await expect(chartRows).toHaveCount(weekly);
  // Back again: days, as at the start.
  await page.goBack();
  await expect(page).not.toHaveURL(/interval=/);
  await expect(filter(page, "Per")).toHaveValue("");
  await expect(chartRows).toHaveCount(18, { timeout: 20_000 });
  await expect(topRow()).toHaveText(start.top);
  // And forward once more redoes it.
  await page.goForward();
  await expect(filter(page, "Per")).toHaveValue("week");
});
