import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectRounded, USDT_CELL } from "./support/figures";
import { expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";
import { readPdf } from "./support/pdf";

/**
 * The entity pages of #13 on data the app synced itself: a sub-affiliate's page
 * opened from the Sub-affiliates ranking shows the same volume; the Invite codes
 * page links each code to the invitee directory filtered by it; both pages are
 * axe clean in light and dark and do not scroll sideways at phone width; a bad or
 * unknown sub-affiliate uid gets a notice in words.
 */

// Days that are over and fully synced, so figures cannot move between two views.
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const PAST = `range=custom&from=${day(20)}&to=${day(3)}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

/** The headline figure (first <dd>) of the stat whose label is `label`. */
const stat = (page: Page, label: string) => page.locator("dl div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd").first();
const firstRow = (page: Page, region: string) => page.getByRole("region", { name: region }).locator("tbody tr").first();

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
  await expect(page.locator("html")).toHaveClass(theme === "Dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** Axe clean in light and dark, and no sideways scroll at 390 px. */
async function checkPage(page: Page, ready: () => Promise<void>): Promise<void> {
  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    await ready();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page), `${theme}: ${page.url()}`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a sub-affiliate's uid on the Sub-affiliates page opens its page, with the same volume", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, `/sub-affiliates?${PAST}`);
  const row = firstRow(page, "Sub-affiliate ranking");
  await expect(row).toBeVisible({ timeout: 20_000 });
  const uid = (await row.locator("td").nth(0).innerText()).trim();
  const volume = (await row.locator("td").nth(1).innerText()).trim();
  expect(volume).toMatch(/\d/);
  await row.getByRole("link", { name: uid }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/sub-affiliates/${uid}` && url.searchParams.get("from") === day(20) && url.searchParams.get("to") === day(3));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sub-affiliate ${uid}`);
  await expect(stat(page, "Trading volume (USDT)")).toHaveText(volume, { timeout: 20_000 });
  // The invitees via sub-agents are shown in aggregate, and the page says why.
  await expect(page.getByText("Which of these invitees this sub-affiliate brought is not known.")).toBeVisible();
  // Their commission at USDT's 2 decimals (every digit in the title), and the list says when it is only the top of them.
  const via = page.getByRole("region", { name: "Invitees via sub-agents" }).first();
  await expectRounded(via.locator("tbody tr td:nth-child(2)"), USDT_CELL, 2);
  const summary = (await via.getByText(/^In this period: /).innerText()).trim();
  expect(summary).toMatch(/ via sub-agents, \d{1,3}(,\d{3})*\.\d{2} USDT commission /);
  const all = Number(/^In this period: ([\d,]+) invitees? /.exec(summary)![1]!.replace(/,/g, ""));
  const listed = await via.locator("tbody tr").count();
  expect(listed).toBeLessThanOrEqual(all);
  const cutNote = `Listed below: the ${listed} with the most commission of ${all.toLocaleString("en-US")}; the CSV has all of them.`;
  if (listed < all) await expect(via.getByText(cutNote)).toBeVisible();
  else await expect(via.getByText(/^Listed below: /)).toHaveCount(0);
  // Every money column of the per-product table names its unit.
  const products = page.getByRole("region", { name: "Per product" }).first();
  for (const header of ["Sub-affiliate's net fee (USDT)", "Paid to the sub-affiliate (USDT)", "Left after the sub-affiliate's share (USDT)"]) await expect(products.getByRole("columnheader", { name: header })).toBeVisible();
  // The CSV and PDF of this view name the sub-affiliate.
  await expect(page.getByRole("link", { name: /Download CSV/ }).first()).toHaveAttribute("href", new RegExp(`uid=${uid}`));
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", new RegExp(`uid=${uid}`));
  const chart = page.getByRole("region", { name: "Net fee split per period" }).locator("svg.recharts-surface").first();
  await checkPage(page, () => expect(chart).toBeVisible());
  // The server's PDF of the view says the same: rounded figures and, when the list is cut, the note.
  const pdf = await page.request.get((await page.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  const text = (await readPdf(new Uint8Array(await pdf.body()))).text.replace(/\s+/g, " ");
  expect(text).toContain(summary.slice(0, 40));
  if (listed < all) expect(text).toContain(cutNote);
  expect(text).not.toMatch(/\b\d+\.\d{3,} USDT/);
  expect(problems).toEqual([]);
});

test("a bad or unknown sub-affiliate uid gets a notice in words, and the API a {code,msg}", async ({ page }) => {
  await signIn(page, "/sub-affiliates/not-a-uid");
  await expect(page.getByText(/is not a sub-affiliate uid/)).toBeVisible();
  await page.goto(`/sub-affiliates/123?${PAST}`);
  await expect(page.getByRole("heading", { name: "This sub-affiliate is not in the synced data" })).toBeVisible({ timeout: 20_000 });
  const unknown = await page.request.get(`/api/reports/sub-affiliate?uid=123&${PAST}`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: "NOT_FOUND", msg: expect.stringMatching(/^uid: /) });
  const bad = await page.request.get(`/api/reports/sub-affiliate?uid=x1&${PAST}`);
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ msg: expect.stringMatching(/^uid: /) });
});

test("Invite codes: a sortable table whose codes open the invitee directory filtered by them", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, `/invite-codes?${PAST}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invite codes");
  const row = firstRow(page, "Invite codes");
  await expect(row).toBeVisible({ timeout: 20_000 });
  // Commission at USDT's 2 decimals, every digit in the title.
  await expectRounded(page.getByRole("region", { name: "Invite codes" }).first().locator("tbody tr td:nth-child(9)"), USDT_CELL, 2);
  const chart = page.getByRole("region", { name: "Where each code's sign-ups stand" }).locator("svg.recharts-surface").first();
  await checkPage(page, () => expect(chart).toBeVisible());
  // Sorting by code puts the codes in order and keeps it in the URL.
  await page.getByRole("button", { name: "Invite code", exact: true }).click();
  await expect(page).toHaveURL(/sort=inviteCode/);
  const codes = page.getByRole("region", { name: "Invite codes" }).locator("tbody tr td:first-child");
  await expect(async () => {
    const shown = (await codes.allInnerTexts()).map((c) => c.trim());
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual([...shown].sort().reverse());
  }).toPass({ timeout: 20_000 });
  const code = (await firstRow(page, "Invite codes").locator("td").first().innerText()).trim();
  await firstRow(page, "Invite codes").getByRole("link", { name: code }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/invitees" && url.searchParams.get("code") === code && url.searchParams.get("from") === day(20));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invitees");
  expect(problems).toEqual([]);
});
