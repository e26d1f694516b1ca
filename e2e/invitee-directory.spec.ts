import { expect, test, type Page } from "@playwright/test";
import Decimal from "decimal.js";
import { signIn, waitForWarehouse } from "./support/demo";

/**
 * The invitee directory on data the app synced itself: it lists everyone
 * whatever the range (an invitee who signed up eleven months ago is found while
 * the range is the last 7 days, by typing part of the uid, no Enter), sorts on
 * the server by the range's commission, filters by status, and links each uid
 * to the invitee's page.
 */

const directory = (page: Page) => page.getByRole("region", { name: "Invitee directory" });
const rows = (page: Page) => directory(page).locator("tbody tr");
const DAY = 86_400_000;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("finds an invitee who signed up eleven months ago while the range is the last 7 days, as you type", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "/invitees?range=7d");
  // The oldest sign-ups, from the directory's own API (the range does not limit who is listed).
  const api = await page.request.get("/api/reports/invitees?range=7d&sort=registerTime&dir=asc&pageSize=10");
  expect(api.status()).toBe(200);
  const oldest = ((await api.json()) as { roster: { rows: Array<{ uid: string; registerTime: number }> } }).roster.rows;
  const old = oldest.find((r) => r.registerTime < Date.now() - 300 * DAY);
  expect(old, "an invitee who signed up some eleven months ago").toBeDefined();
  const uid = old!.uid;

  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/count the people who/)).toBeVisible();
  const search = page.getByRole("textbox", { name: "Find by uid or invite code" });
  const historyBefore = await page.evaluate(() => history.length);
  await search.pressSequentially(uid.slice(0, -1), { delay: 40 }); // part of the uid, and no Enter
  await expect(page).toHaveURL(new RegExp(`[?&]q=${uid.slice(0, -1)}(&|$)`), { timeout: 10_000 });
  const row = rows(page).filter({ has: page.getByRole("link", { name: uid, exact: true }) });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row.locator("td").nth(1)).toHaveText(new Date(old!.registerTime).toISOString().slice(0, 10));
  // Typing replaced the history entry instead of piling one up per keystroke.
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  // The uid links to the invitee's page, keeping the view's range.
  await expect(row.getByRole("link", { name: uid, exact: true })).toHaveAttribute("href", `/invitees/${uid}?range=7d`);
});

test("sorts by the range's commission on the server, and filters by status", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "/invitees?range=30d");
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  const sortByCommission = directory(page).getByRole("button", { name: "Commission in range (USDT)", exact: true });
  await sortByCommission.click();
  await expect(page).toHaveURL(/sort=commission/);
  const header = directory(page).locator("th").filter({ has: page.getByRole("button", { name: "Commission in range (USDT)", exact: true }) });
  await expect(header).toHaveAttribute("aria-sort", "descending");
  // The commission column (9th) of the first page: descending, the invitees with none ("—") last.
  await expect(rows(page).first().locator("td").nth(8)).not.toHaveText("—", { timeout: 20_000 });
  const cells = await rows(page).locator("td:nth-child(9)").allInnerTexts();
  const amounts = cells.filter((c) => c !== "—").map((c) => new Decimal(c.replace(/,/g, "")));
  expect(amounts.length).toBeGreaterThan(3);
  for (let i = 1; i < amounts.length; i++) expect(amounts[i - 1]!.gte(amounts[i]!)).toBe(true);
  expect(cells.slice(amounts.length).every((c) => c === "—")).toBe(true);

  await directory(page).getByLabel("Status").selectOption("never");
  await expect(page).toHaveURL(/status=never/);
  await expect(page).toHaveURL(/sort=commission/);
  await expect(rows(page).first().locator("td").nth(7)).toHaveText("never traded", { timeout: 20_000 });
  const statuses = await rows(page).locator("td:nth-child(8)").allInnerTexts();
  expect(new Set(statuses)).toEqual(new Set(["never traded"]));

  // Every invite code links to the directory filtered by it.
  const code = rows(page).first().locator("td").nth(3).getByRole("link");
  const codeText = (await code.innerText()).trim();
  await code.click();
  await expect(page).toHaveURL(new RegExp(`[?&]code=${codeText}(&|$)`));
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  const codes = await rows(page).locator("td:nth-child(4)").allInnerTexts();
  expect(new Set(codes)).toEqual(new Set([codeText]));
});

test("each retention cohort opens the directory of its sign-ups in the range", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "/invitees?range=90d");
  const api = await page.request.get("/api/reports/invitees?range=90d");
  expect(api.status()).toBe(200);
  const answer = (await api.json()) as { range: { from: string; to: string }; retention: Array<{ cohort: string; size: number }> };
  // A cohort inside the range (not the first, cut by the range's start), with people in it.
  const cohort = answer.retention.slice(1).find((c) => c.size > 0 && c.size <= 200);
  expect(cohort, "a whole signup month with sign-ups").toBeDefined();
  const matrix = page.getByRole("table", { name: "Retention by signup month" });
  const link = matrix.getByRole("link", { name: cohort!.cohort, exact: true });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.click();
  const last = new Date(Date.UTC(Number(cohort!.cohort.slice(0, 4)), Number(cohort!.cohort.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const to = last < answer.range.to ? last : answer.range.to;
  await expect(page).toHaveURL(new RegExp(`[?&]registeredFrom=${cohort!.cohort}-01&registeredTo=${to}`), { timeout: 20_000 });
  await expect(page).toHaveURL(/[?&]range=90d/);
  await expect(directory(page).getByText(`Signed up ${cohort!.cohort}-01 to ${to} (UTC)`)).toBeVisible({ timeout: 20_000 });
  // Exactly the cohort: as many rows as the matrix counts, each signed up in its month.
  await expect(directory(page).getByText(new RegExp(`of ${cohort!.size}$`))).toBeVisible({ timeout: 20_000 });
  const days = await rows(page).locator("td:nth-child(2)").allInnerTexts();
  expect(days.length).toBe(Math.min(cohort!.size, 50));
  for (const d of days) expect(d.slice(0, 7)).toBe(cohort!.cohort);
  // Dropping the period lists everyone again.
  await directory(page).getByRole("button", { name: "Any sign-up day" }).click();
  await expect(page).not.toHaveURL(/registeredFrom/, { timeout: 20_000 });
});

test("a bad directory parameter is a 400 naming it", async ({ page }) => {
  await signIn(page, "/invitees");
  for (const [query, name] of [
    ["status=sleeping", "status"],
    ["sort=nothing", "sort"],
    ["kyc=maybe", "kyc"],
    ["via=elsewhere", "via"],
    ["code=a%20b", "code"],
    ["registeredFrom=2026-02-30", "registeredFrom"],
    ["registeredTo=soon", "registeredTo"],
  ] as const) {
    const res = await page.request.get(`/api/reports/invitees?${query}`);
    expect(res.status(), query).toBe(400);
    const body = (await res.json()) as { code: string; msg: string };
    expect(body.msg, query).toContain(name);
  }
});
