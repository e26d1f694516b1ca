import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiSession } from "./support/session";

/**
 * The analytics pages on data the app synced itself from its embedded sandbox:
 * each renders its figures, chart and tables; filters change the URL and the
 * figures; a copied URL reopens the same view. No console errors, axe clean.
 */

const DEMO = { email: "demo@rebatedesk.local", password: "demo-password" };
/** Per page: a table that must have rows, and the chart that must be drawn (when the page has one). */
const PAGES: ReadonlyArray<{ path: string; heading: string; table: string; chart?: string }> = [
  { path: "/", heading: "Overview", table: "Sync state per report" },
  { path: "/commissions", heading: "Commissions", table: "By symbol", chart: "Commission per period (USDT)" },
  { path: "/sub-affiliates", heading: "Sub-affiliates", table: "Sub-affiliate ranking", chart: "Fees per period" },
  { path: "/invitees", heading: "Invitees", table: "Invitee roster", chart: "Registrations per period" },
  { path: "/trade-assets", heading: "Trade & assets", table: "Trade and assets per invitee" },
];

async function signIn(page: Page, path = "/"): Promise<void> {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel(/e-?mail/i).fill(DEMO.email);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

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
  // The app syncs on its own from start-up; ask for a run too and wait until every report's history is read.
  const api = await apiSession(info.project.use.baseURL as string, DEMO.email, DEMO.password);
  await api.post("/api/sync");
  await expect
    .poll(
      async () => {
        const status = (await (await api.get("/api/sync")).json()) as { running: boolean; reports: Array<{ backfillDone: boolean }> };
        return !status.running && status.reports.every((r) => r.backfillDone);
      },
      { timeout: 200_000, intervals: [1_000] },
    )
    .toBe(true);
  await api.dispose();
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
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious, p.path).toEqual([]);
  }
  expect(problems).toEqual([]);
});

test("filters change the URL and the figures; the copied URL reopens the same view", async ({ page, context }) => {
  test.setTimeout(90_000);
  // Days that are over and fully synced, so the figures cannot move between the two visits.
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  await signIn(page, `/commissions?range=custom&from=${day(20)}&to=${day(3)}`);
  const total = page.locator("dl div").filter({ hasText: "Commission (USDT)" }).locator("dd").first();
  await expect(total).toHaveText(/\d/, { timeout: 20_000 });
  const all = await total.innerText();
  await page.getByLabel("Product").selectOption("SPOT");
  await expect(page).toHaveURL(/product=SPOT/);
  await expect(total).not.toHaveText(all);
  const spot = await total.innerText();
  const url = page.url();
  const second = await context.newPage();
  await second.goto(url);
  const again = second.locator("dl div").filter({ hasText: "Commission (USDT)" }).locator("dd").first();
  await expect(again).toHaveText(spot, { timeout: 20_000 });
  await expect(second.getByLabel("Product")).toHaveValue("SPOT");
  await second.close();
});
