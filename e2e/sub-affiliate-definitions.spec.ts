import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Issue 24 ("Every figure means what it says"), defects 1 and 6 in Chromium.
 * A sub-affiliate's page: every figure's "?" gives its one-sentence definition,
 * and no label calls money kept, margin, earned or yours unless it is the
 * affiliate's own commission (the per-sub one said to be an estimate). A
 * percentages share link of the Overview, Commissions and a sub-affiliate shows
 * no rebate rate, no coin unit over shares, and its title once. Screenshots in
 * light and dark at 390 px are kept in test-results.
 */

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const PAST = `range=custom&from=${day(20)}&to=${day(3)}`;
/** Words that say whose money it is, or that it is kept. */
const CLAIMS = /\b(kept|keeps?|margin|earn(ed|s)?|yours?|profit)\b/i;
/** The only money that is the affiliate's: its commission via sub-agents, and this sub's part of it, an estimate. */
const OWN = /^(Your commission via all sub-agents|Your override from this sub-affiliate, estimate|Your override over sub-agents)\b/;

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
  await expect(page.locator("html")).toHaveClass(theme === "Dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

async function firstSubAffiliate(page: Page): Promise<string> {
  await signIn(page, `/sub-affiliates?${PAST}`);
  const row = page.getByRole("region", { name: "Sub-affiliate ranking" }).locator("tbody tr").first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  return (await row.locator("td").nth(0).innerText()).trim();
}

test("a sub-affiliate's figures each say what they count, and none is called yours, kept or earned that is not", async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const uid = await firstSubAffiliate(page);
  await page.goto(`/sub-affiliates/${uid}?${PAST}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sub-affiliate ${uid}`);
  // The headline figure's label (the Per product table has a header of the same words).
  await expect(page.locator('dl[aria-label="This period"]').getByText("Trading volume (USDT)", { exact: true })).toBeVisible({ timeout: 20_000 });

  // Every figure's "?" opens its definition: one sentence that says which days and which coin.
  const helps = page.getByRole("button", { name: /^What is “/ });
  const count = await helps.count();
  expect(count).toBeGreaterThanOrEqual(10); // 4 headline figures, 2 override figures, 4 money columns
  const read = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const help = helps.nth(i);
    const label = /^What is “(.*)”\?$/.exec((await help.getAttribute("aria-label")) ?? "")![1]!;
    await help.click();
    await expect(help).toHaveAttribute("aria-expanded", "true");
    const definition = page.locator(`[id="${(await help.getAttribute("aria-controls"))!}"]`);
    await expect(definition).toBeVisible();
    const text = (await definition.innerText()).trim();
    expect(text, label).toMatch(/^[A-Z].{60,}\.$/);
    expect(text.split(/\.\s/).length, `${label}: one sentence`).toBe(1);
    expect(text, label).toMatch(/UTC/);
    expect(text, label).toMatch(/USDT/);
    read.set(label, text);
    await help.click();
  }
  expect(read.get("Left after the sub-affiliate's share (USDT)")).toMatch(/exchange's part and your override together.*not your earnings/);
  expect(read.get("Your override from this sub-affiliate, estimate (USDT)")).toMatch(/^An estimate: .* exact only if every sub-affiliate had the same override rate/);

  // No label calls a figure yours, kept or earned unless it is the affiliate's own money.
  const labels = [
    ...(await page.locator("main dt > span:first-child").allInnerTexts()),
    ...(await page.locator("main th").allInnerTexts()),
    ...(await page.locator("main h2").allInnerTexts()),
    ...(await page.locator("main .recharts-legend-item-text").allInnerTexts()),
    ...(await page.locator("main section").evaluateAll((s) => s.map((e) => e.getAttribute("aria-label") ?? ""))),
  ].map((l) => l.replace(/\?$/, "").trim());
  expect(labels.length).toBeGreaterThan(15);
  expect(labels.filter((l) => CLAIMS.test(l) && !OWN.test(l))).toEqual([]);
  expect(labels.some((l) => /Margin/i.test(l))).toBe(false);
  // What the affiliate earned over sub-agents is on Commissions, sub-agent items only.
  await expect(page.getByRole("link", { name: "your sub-agent commission items on Commissions" })).toHaveAttribute("href", /^\/commissions\?.*source=sub/);

  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: /^What is “Left after/ }).first().click();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page), theme).toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/sub-affiliate-definitions-${theme.toLowerCase()}.png`, fullPage: true });
    await page.getByRole("button", { name: /^What is “Left after/ }).first().click();
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  expect(problems).toEqual([]);
});

async function percentagesLink(page: Page, label: string): Promise<string> {
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill(label);
  await dialog.getByLabel("Show percentages instead of amounts").check();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("Share link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  return url;
}

async function asStranger(browser: Browser, url: string, check: (guest: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(url);
  await check(guest);
  await context.close();
}

test("a percentages link shows no rebate rate, no coin unit over shares, and its title once", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const uid = await firstSubAffiliate(page);
  const views = [
    { path: `/?${PAST}`, label: "Overview for partner - Nov", heading: "Overview for partner - Nov", ready: "Commission (change vs previous period)" },
    { path: `/commissions?${PAST}`, label: "Commissions for partner", heading: "Commissions for partner", ready: "USDT commission (change vs previous period)" },
    { path: `/sub-affiliates/${uid}?${PAST}`, label: "Partner sub", heading: `Sub-affiliate: Partner sub`, ready: "Trading volume (change vs previous period)" },
  ];
  for (const view of views) {
    await page.goto(view.path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const url = await percentagesLink(page, view.label);
    await asStranger(browser, url, async (guest) => {
      await expect(guest.getByText(view.ready, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
      await guest.waitForLoadState("networkidle");
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(view.heading);
      const text = await guest.locator("body").innerText();
      // No rate: with it and any one amount a partner would have the other.
      expect(text, view.path).not.toMatch(/Effective rate|effective rate|Rebate rate|Rates applied/);
      expect(text, view.path).not.toMatch(/\b\d+(\.\d+)? % rate\b/);
      // No coin as the unit of a heading, table or chart over shares.
      expect(text.match(/\((USDT|BTC)[,)]/g) ?? [], view.path).toEqual([]);
      const svgText = await guest.locator("svg text").allInnerTexts();
      expect(svgText.filter((t) => /USDT|BTC/.test(t)), view.path).toEqual([]);
      if (view.path.startsWith("/sub-affiliates")) {
        await guest.setViewportSize({ width: 390, height: 844 });
        await guest.screenshot({ path: "test-results/sub-affiliate-percentages-390.png", fullPage: true });
      }
    });
  }
});
