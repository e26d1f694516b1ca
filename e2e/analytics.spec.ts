import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import Decimal from "decimal.js";
import { signIn, waitForWarehouse } from "./support/demo";
import { seriousViolations } from "./support/page-checks";

/**
 * The analytics pages on data the app synced itself from its embedded sandbox:
 * each renders its figures, chart and tables; filters change the URL and the
 * figures; a copied URL reopens the same view. No console errors, axe clean.
 */

/** Per page: a table that must have rows, and the chart that must be drawn (when the page has one). */
const PAGES: ReadonlyArray<{ path: string; heading: string; table: string; chart?: string }> = [
  { path: "/", heading: "Overview", table: "Sync state per report", chart: "Commission per period vs the previous period (USDT)" },
  { path: "/commissions", heading: "Commissions", table: "By symbol", chart: "Commission per period, all coins (≈ USDT)" },
  { path: "/sub-affiliates", heading: "Sub-affiliates", table: "Sub-affiliate ranking", chart: "Fees per period" },
  { path: "/invitees", heading: "Invitees", table: "Invitee directory", chart: "Registrations per period" },
  { path: "/trade-assets", heading: "Trade & assets", table: "Trade and assets per invitee" },
];


function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("each analytics page shows its data, chart and tables, accessibly, without console errors", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signIn(page);
  for (const p of PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.heading);
    await expect(page.getByText(/Data as of \d{4}-\d{2}-\d{2}/).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("region", { name: p.table }).first().locator("tbody tr").first()).toBeVisible();
    if (p.chart) await expect(page.getByRole("region", { name: p.chart }).locator("svg.recharts-surface").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page), p.path).toEqual([]);
  }
  expect(problems).toEqual([]);
});

test("each analytics page's first figures arrive in its HTML, read on the server (no second round trip)", async ({ page }) => {
  await signIn(page);
  for (const p of PAGES) {
    const html = await (await page.request.get(p.path)).text();
    expect(html, p.path).toMatch(/Data as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  }
});

test("the Reports page's list of share links arrives in its HTML, read on the server", async ({ page }) => {
  await signIn(page);
  const html = await (await page.request.get("/reports")).text();
  // Other specs may have made links by now: the list or its empty state, either way rendered on the server.
  expect(html).toMatch(/No share links yet|<ul aria-label="Share links">/);
});

// Days that are over and fully synced, so the figures cannot move between two visits of the same view.
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const PAST = `range=custom&from=${day(20)}&to=${day(3)}`;

/** The headline figure (first <dd>) of the stat whose label is `label`. */
function stat(page: Page, label: string) {
  return page.locator("dl div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd").first();
}

/** The first data row of a table, found by its labelled scroll region. */
function firstRow(page: Page, table: string) {
  return page.getByRole("region", { name: table }).locator("tbody tr").first();
}

/** A control of the page's filter bar (a labelled search form), by its exact label. */
function filter(page: Page, label: string) {
  return page.getByRole("search", { name: "Report filters" }).getByLabel(label, { exact: true });
}

/** Picks a custom range in the header's date picker, as a person does. */
async function pickRange(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole("button", { name: /^Date range:/ }).click();
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}`));
  await expect(page).toHaveURL(new RegExp(`to=${to}`));
}

/** Opens `url` in a fresh tab (the copied link) and hands it to `check`; the tab is closed afterwards. */
async function reopen(context: BrowserContext, url: string, check: (second: Page) => Promise<void>): Promise<void> {
  const second = await context.newPage();
  try {
    await second.goto(url);
    await check(second);
  } finally {
    await second.close();
  }
}

test("Overview: the date range changes the URL and the figures; the copied URL reopens the same view", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, `/?${PAST}`);
  const commission = stat(page, "Commission (USDT)");
  const traders = stat(page, "Invitees with commission items");
  await expect(commission).toHaveText(/\d/, { timeout: 20_000 });
  // The trends: decorative sparklines (aria-hidden, so no role to find them by), drawn per figure.
  await expect(page.locator("[data-sparkline] svg.recharts-surface").first()).toBeVisible({ timeout: 20_000 });
  await expect(firstRow(page, "Sync state per report")).toBeVisible();
  // The sync table names its reports in words, not by the exchange's endpoint ids.
  await expect(firstRow(page, "Sync state per report").getByRole("cell").first()).toHaveText("Commissions (spot)");
  await expect(page.getByRole("table", { name: "Sync state per report" })).not.toContainText("getAffiliate");
  // Each CSV link says what it downloads in its visible text, not only to screen readers (an sr-only span is 1 px wide).
  for (const name of ["Headline figures", "Trend per period"]) {
    const label = page.getByRole("link", { name: `Download CSV of ${name}`, exact: true }).locator("[data-csv-label]");
    expect((await label.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  }
  const before = { commission: await commission.innerText(), traders: await traders.innerText() };
  await pickRange(page, day(10), day(3));
  await expect(commission).not.toHaveText(before.commission, { timeout: 20_000 });
  await expect(traders).not.toHaveText(before.traders);
  const after = { commission: await commission.innerText(), traders: await traders.innerText() };
  await reopen(context, page.url(), async (second) => {
    await expect(stat(second, "Commission (USDT)")).toHaveText(after.commission, { timeout: 20_000 });
    await expect(stat(second, "Invitees with commission items")).toHaveText(after.traders);
    await expect(second.getByRole("button", { name: /^Date range:/ })).toHaveAttribute("title", `${day(10)} → ${day(3)} (UTC)`);
  });
});

test("Commissions: filters change the URL and the figures; the copied URL reopens the same view", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, `/commissions?${PAST}`);
  const total = stat(page, "Commission (USDT)");
  await expect(total).toHaveText(/\d/, { timeout: 20_000 });
  // No coin: every coin, the chart in USDT at each day's close.
  await expect(page.getByRole("region", { name: "Commission per period, all coins (≈ USDT)" }).locator("svg.recharts-surface").first()).toBeVisible();
  await expect(firstRow(page, "By symbol")).toBeVisible();
  const all = await total.innerText();
  await filter(page, "Product").selectOption("SPOT");
  await expect(page).toHaveURL(/product=SPOT/);
  await expect(total).not.toHaveText(all);
  await filter(page, "Per").selectOption("week");
  await expect(page).toHaveURL(/interval=week/);
  const spot = await total.innerText();
  const topInvitee = (await firstRow(page, "Top invitees (USDT)").textContent()) ?? "";
  await reopen(context, page.url(), async (second) => {
    await expect(stat(second, "Commission (USDT)")).toHaveText(spot, { timeout: 20_000 });
    await expect(filter(second, "Product")).toHaveValue("SPOT");
    await expect(filter(second, "Per")).toHaveValue("week");
    await expect(firstRow(second, "Top invitees (USDT)")).toHaveText(topInvitee);
  });
  // One coin is that coin's chart and tables natively, never added to USDT.
  await filter(page, "Product").selectOption({ label: "All" });
  await expect(page).not.toHaveURL(/product=/);
  await filter(page, "Coin").selectOption("BTC");
  await expect(page).toHaveURL(/coin=BTC/);
  await expect(page.getByRole("region", { name: "Commission per period (BTC)" }).locator("svg.recharts-surface").first()).toBeVisible({ timeout: 20_000 });
  await expect(firstRow(page, "Top invitees (BTC)")).toBeVisible();
});

test("the page header names the chosen time zone where the report buckets by it, and keeps the range's UTC days", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, `/commissions?${PAST}`);
  const note = (p: Page) => p.getByText(new RegExp(`${day(20)} → ${day(3)} \\(`));
  await expect(note(page)).toHaveText(/\(UTC\)$/);
  await filter(page, "Day boundaries").selectOption({ label: "Tokyo" });
  await expect(page).toHaveURL(/tz=Asia%2FTokyo|tz=Asia\/Tokyo/);
  await expect(note(page)).toHaveText(/\(UTC days; charts bucketed in Asia\/Tokyo time\)$/, { timeout: 20_000 });
  // Trade & assets takes no time zone: a tz in its URL changes nothing, so its header does not name one.
  await page.goto(`/trade-assets?${PAST}&tz=America/New_York`);
  await expect(note(page)).toHaveText(/\(UTC\)$/);
});

test("Sub-affiliates: filters change the URL and the figures; the copied URL reopens the same view", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, `/sub-affiliates?${PAST}`);
  const volume = stat(page, "Sub-affiliates' trading volume (USDT)");
  await expect(volume).toHaveText(/\d/, { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Fees per period" }).locator("svg.recharts-surface").first()).toBeVisible();
  await expect(firstRow(page, "Sub-affiliate ranking")).toBeVisible();
  const all = await volume.innerText();
  await filter(page, "Product").selectOption("FUTURES");
  await expect(page).toHaveURL(/product=FUTURES/);
  await expect(volume).not.toHaveText(all, { timeout: 20_000 });
  const sub = (await firstRow(page, "Sub-affiliate ranking").locator("td").first().innerText()).trim();
  const futures = await volume.innerText();
  const subField = filter(page, "Sub-affiliate uid");
  await subField.fill(sub);
  await subField.press("Enter");
  await expect(page).toHaveURL(new RegExp(`sub=${sub}`));
  await expect(volume).not.toHaveText(futures, { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Sub-affiliate ranking" }).locator("tbody tr")).toHaveCount(1);
  const one = await volume.innerText();
  await reopen(context, page.url(), async (second) => {
    await expect(stat(second, "Sub-affiliates' trading volume (USDT)")).toHaveText(one, { timeout: 20_000 });
    await expect(filter(second, "Product")).toHaveValue("FUTURES");
    await expect(filter(second, "Sub-affiliate uid")).toHaveValue(sub);
    await expect(firstRow(second, "Sub-affiliate ranking").locator("td").first()).toHaveText(sub);
  });
});

test("Invitees: the range, interval and directory search change the URL and the figures; the copied URL reopens the same view", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, `/invitees?${PAST}`);
  const registered = stat(page, "Registered");
  await expect(registered).toHaveText(/\d/, { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Registrations per period" }).locator("svg.recharts-surface").first()).toBeVisible();
  await expect(firstRow(page, "Invitee directory")).toBeVisible();
  const all = await registered.innerText();
  await pickRange(page, day(10), day(3));
  await expect(registered).not.toHaveText(all, { timeout: 20_000 });
  await filter(page, "Per").selectOption("week");
  await expect(page).toHaveURL(/interval=week/);
  const pages = page.getByRole("region", { name: "Invitee directory" }).getByRole("navigation", { name: "Pages" });
  const everyone = (await pages.textContent()) ?? "";
  // The uid's link: in the app the cell may also hold the team's tags (app/(dashboard)/invitees/team).
  const uid = (await firstRow(page, "Invitee directory").locator("td").first().getByRole("link").innerText()).trim();
  const search = page.getByRole("textbox", { name: "Find by uid or invite code" });
  await search.fill(uid); // no Enter: the directory searches as you type
  await expect(page).toHaveURL(new RegExp(`q=${uid}`));
  await expect(pages).not.toHaveText(everyone, { timeout: 20_000 });
  await expect(firstRow(page, "Invitee directory").locator("td").first().getByRole("link")).toHaveText(uid);
  const shown = { registered: await registered.innerText(), pages: (await pages.textContent()) ?? "" };
  await reopen(context, page.url(), async (second) => {
    await expect(stat(second, "Registered")).toHaveText(shown.registered, { timeout: 20_000 });
    await expect(filter(second, "Per")).toHaveValue("week");
    await expect(second.getByRole("textbox", { name: "Find by uid or invite code" })).toHaveValue(uid);
    await expect(second.getByRole("region", { name: "Invitee directory" }).getByRole("navigation", { name: "Pages" })).toHaveText(shown.pages);
  });
});

test("Trade & assets: the invitee filter changes the URL and the figures; the copied URL reopens the same view", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, `/trade-assets?${PAST}`);
  const commission = stat(page, "Commission, trade-and-asset report (USDT)");
  await expect(commission).toHaveText(/\d/, { timeout: 20_000 });
  await expect(firstRow(page, "Trade and assets per invitee")).toBeVisible();
  // Spot and futures volume are two figures, each named by its product, as the API's totals give them.
  const totals = (await (await page.request.get(`/api/reports/trade-assets?${PAST}`)).json()) as { totals: { spotTradingAmount: string; futuresTradingAmount: string } };
  const digits = async (label: string) => (await stat(page, label).innerText()).replace(/\D/g, "");
  const whole = (amount: string) => new Decimal(amount).toDecimalPlaces(0).toFixed();
  expect(await digits("Futures volume (USDT)")).toBe(whole(totals.totals.futuresTradingAmount));
  expect(await digits("Spot volume (USDT)")).toBe(whole(totals.totals.spotTradingAmount));
  await expect(page.getByText("Volume (USDT)", { exact: true })).toHaveCount(0);
  const all = await commission.innerText();
  const uid = (await firstRow(page, "Trade and assets per invitee").locator("td").first().innerText()).trim();
  const field = filter(page, "Invitee uid");
  await field.fill(uid);
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`uid=${uid}`));
  await expect(commission).not.toHaveText(all, { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Trade and assets per invitee" }).locator("tbody tr")).toHaveCount(1);
  const one = await commission.innerText();
  await reopen(context, page.url(), async (second) => {
    await expect(stat(second, "Commission, trade-and-asset report (USDT)")).toHaveText(one, { timeout: 20_000 });
    await expect(filter(second, "Invitee uid")).toHaveValue(uid);
    await expect(firstRow(second, "Trade and assets per invitee").locator("td").first()).toHaveText(uid);
  });
});
