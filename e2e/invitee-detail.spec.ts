import Decimal from "decimal.js";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";
import { COUNT_CELL, expectRounded, USDT_CELL } from "./support/figures";
import { readPdf } from "./support/pdf";

/**
 * One invitee's page, /invitees/<uid>: the top invitee of Commissions opens on
 * it with the same commission (and rank 1), keeping the range; it is accessible
 * in light and dark and fits a 390 px phone; unknown and malformed uids get a
 * notice with the way back. A masked share link of it, opened in a fresh
 * browser context, shows the pseudonym and no uid anywhere: page, data, every
 * CSV and the PDF; and it answers no other uid.
 */

// Days that are over and fully synced, so figures cannot move between visits.
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const RANGE = `range=custom&from=${day(20)}&to=${day(3)}`;
const TABLES = ["profile", "milestones", "comparison", "series", "by-symbol", "rates"] as const;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

const firstRow = (page: Page, table: string) => page.getByRole("region", { name: table }).locator("tbody tr").first();
const figure = (page: Page, label: string) => page.locator("dl div").filter({ hasText: label }).locator("dd").first();
/** A shown amount as a decimal ("1,234.5 USDT" → 1234.5). */
const amountOf = (text: string) => new Decimal(text.replace(/[^\d.-]/g, ""));

async function setTheme(page: Page, theme: "Light" | "Dark"): Promise<void> {
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
  await expect(page.locator("html")).toHaveClass(theme === "Dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

async function stranger(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("the top invitee of Commissions opens on its own page with the same commission; accessible, phone-sized, refusals in words", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await signIn(page, `/commissions?${RANGE}`);
  const top = firstRow(page, "Top invitees (USDT)");
  await expect(top.locator("td").first()).toHaveText(/^\d+$/, { timeout: 20_000 });
  const uid = (await top.locator("td").first().innerText()).trim();
  const commission = amountOf(await top.locator("td").nth(1).innerText());

  await page.goto(`/invitees/${uid}?${RANGE}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invitee ${uid}`);
  const shown = figure(page, "Commission (USDT)");
  await expect(shown).toHaveText(/\d/, { timeout: 20_000 });
  // The same figure: the page shows 2 decimals, the top list up to 8.
  expect(amountOf(await shown.innerText()).equals(commission.toDecimalPlaces(2))).toBe(true);
  await expect(page.getByText(/^No\. 1 of \d+ invitees$/)).toBeVisible();
  // A rate's change is the difference in percentage points, an amount's a relative change (lib/metrics/compare.ts):
  // "62.37 % → 63.02 %" read "+1.0%" here while the Overview said "pp".
  // The top invitee of a range may have signed up in it, with nothing in the previous period (it depends on the day
  // the run falls on): then there is nothing to compare and the change is a dash, never "+63.02 pp" or "+∞%" from nothing.
  const ddOf = (label: string, n: number) => page.locator("dl div").filter({ hasText: label }).locator("dd").nth(n);
  const expectChange = async (label: string, format: RegExp) => {
    await expect(ddOf(label, 1)).toHaveText(/^previous /);
    const previous = (await ddOf(label, 1).innerText()).trim();
    const nothingBefore = /^previous (—|0(\.0+)?( \w+)?)$/.test(previous);
    await expect(ddOf(label, 2)).toHaveText(nothingBefore ? /^change: —$/ : format);
  };
  await expectChange("Effective rate", /^change: [+\-−]?\d+\.\d{2} pp$/);
  await expectChange("Commission (USDT)", /^change: [+\-−]?[\d,]+\.\d%$/);
  // Commission and net fee per symbol, and commission per rate, at USDT's 2 decimals; every digit in the title.
  const bySymbol = page.getByRole("region", { name: "By symbol (USDT)" }).first();
  await expect(bySymbol.getByRole("columnheader", { name: "Commission (USDT)" })).toBeVisible();
  await expectRounded(bySymbol.locator("tbody tr td:nth-child(2), tbody tr td:nth-child(3)"), USDT_CELL, 2);
  const rates = page.getByRole("region", { name: "Rates applied (USDT)" }).first();
  await expectRounded(rates.locator("tbody tr td:nth-child(4)"), USDT_CELL, 2);
  for (const items of await rates.locator("tbody tr td:nth-child(3)").allInnerTexts()) expect(items.trim()).toMatch(COUNT_CELL);
  await expect(page.getByRole("region", { name: "Commission per period (USDT)" }).locator("svg.recharts-surface").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Milestones" }).getByText("KYC passed")).toBeVisible();
  // The range stays the view's: the header names its days.
  await expect(page.locator("body")).toContainText(day(20));

  for (const theme of ["Light", "Dark"] as const) {
    await setTheme(page, theme);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page), theme).toEqual([]);
  }
  await setTheme(page, "Light");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(figure(page, "Commission (USDT)")).toHaveText(/\d/, { timeout: 20_000 });
  await expectNoSidewaysScroll(page, "390 px");
  await page.setViewportSize({ width: 1280, height: 900 });

  // An unknown uid and a malformed one: a notice in words, and the way back to the directory keeping the range.
  await page.goto(`/invitees/1234567?${RANGE}`);
  // (Next's route announcer is an alert too: the notice is found by its words.)
  await expect(page.getByRole("alert").filter({ hasText: "No such invitee here" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Back to the invitee directory" })).toHaveAttribute("href", new RegExp(`^/invitees\\?range=custom&from=${day(20)}`));
  await page.goto(`/invitees/not-a-uid?${RANGE}`);
  await expect(page.getByRole("alert").filter({ hasText: "is not an invitee uid" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the invitee directory" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/invitees" && url.searchParams.get("from") === day(20));
  expect((await page.request.get(`/api/reports/invitee?${RANGE}&uid=1234567`)).status()).toBe(404);
  expect((await page.request.get(`/api/reports/invitee?${RANGE}&uid=x`)).status()).toBe(400);
  expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
});

test("a masked link of an invitee's page shows no uid anywhere — page, data, CSV, PDF — and answers no other uid", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, `/commissions?${RANGE}`);
  const answer = (await (await page.request.get(`/api/reports/commissions?${RANGE}`)).json()) as { topInvitees: Array<{ key: string }> };
  const [uid, other] = [answer.topInvitees[0]!.key, answer.topInvitees[1]!.key];
  await page.goto(`/invitees/${uid}?${RANGE}`);
  await expect(figure(page, "Commission (USDT)")).toHaveText(/\d/, { timeout: 20_000 });

  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog");
  // The label the page proposes names the uid; the link's viewers must read the pseudonym instead.
  await expect(dialog.getByLabel("Label")).toHaveValue(`Invitee ${uid}`);
  await dialog.getByLabel("Mask invitee uids").check();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("Share link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);

  const { context, page: guest } = await stranger(browser);
  await guest.goto(url);
  const heading = guest.getByRole("region", { name: "Profile" }).getByRole("heading", { level: 2 });
  await expect(heading).toHaveText(/^Invitee inv-[0-9a-f]{8}$/, { timeout: 20_000 });
  await expect(figure(guest, "Commission (USDT)")).toHaveText(/\d/);
  await guest.waitForLoadState("networkidle");
  expect(await guest.content()).not.toContain(uid);

  const data = await guest.request.get(`${url}/data/invitee`);
  expect(data.status()).toBe(200);
  const body = await data.text();
  expect(body).toMatch(/inv-[0-9a-f]{8}/);
  expect(body).not.toContain(uid);
  for (const table of TABLES) {
    const csv = await guest.request.get(`${url}/data/invitee/export?table=${table}`);
    expect(csv.status(), table).toBe(200);
    expect(await csv.text(), table).not.toContain(uid);
  }
  // Locked to its invitee: another uid is refused, the same one passes.
  const refused = await guest.request.get(`${url}/data/invitee?uid=${other}`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe("OUT_OF_SCOPE");
  expect((await guest.request.get(`${url}/data/invitee/export?table=profile&uid=${other}`)).status()).toBe(403);
  expect((await guest.request.get(`${url}/data/invitee?uid=${uid}`)).status()).toBe(200);
  // Last: the PDF is rendered by the server's Chromium (a long request).
  const pdf = await guest.request.get(`${url}/pdf`);
  expect(pdf.status()).toBe(200);
  const { text } = await readPdf(new Uint8Array(await pdf.body()));
  expect(text).toMatch(/inv-[0-9a-f]{8}/);
  expect(text).not.toContain(uid);
  await context.close();
});
