import { expect, test, type Browser, type Page } from "@playwright/test";
import { readPdf } from "./support/pdf";
import { signIn, waitForWarehouse } from "./support/demo";

/**
 * Share links in real browsers: an analyst makes a link of a view; a fresh
 * browser context with no session opens it and sees the same figures and
 * nothing else; widening the scope through the URL gives nothing more;
 * revoked and tampered links look the same; a wrong password asks again; PDFs.
 */

// Days that are over and fully synced, so figures cannot move between visits.
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const VIEW = `/commissions?range=custom&from=${day(20)}&to=${day(3)}&product=FUTURES`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});


const totalOf = (page: Page) => page.locator("dl div").filter({ hasText: "Commission (USDT)" }).locator("dd").first();

async function createLink(page: Page, options: { label: string; snapshot?: boolean; password?: string; maskUids?: boolean; percentages?: boolean }): Promise<string> {
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill(options.label);
  if (options.snapshot) await dialog.getByLabel(/Snapshot/).check();
  if (options.password) await dialog.getByLabel(/Password/).fill(options.password);
  if (options.maskUids) await dialog.getByLabel("Mask invitee uids").check();
  if (options.percentages) await dialog.getByLabel("Show percentages instead of amounts").check();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("Share link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  return url;
}

async function stranger(browser: Browser) {
  // A fresh context: no session cookie, no unlock cookie.
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("a live and a snapshot link show a stranger the creator's figures, and nothing of the app", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, VIEW);
  await expect(totalOf(page)).toHaveText(/\d/, { timeout: 20_000 });
  const figure = await totalOf(page).innerText();
  const live = await createLink(page, { label: "Futures for Alice" });
  const snapshot = await createLink(page, { label: "Frozen futures", snapshot: true });

  const { context, page: guest } = await stranger(browser);
  for (const [url, label] of [[live, "Futures for Alice"], [snapshot, "Frozen futures"]] as const) {
    const response = await guest.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await expect(guest.getByRole("heading", { level: 1 })).toContainText(label);
    await expect(guest.getByTestId("shared-scope")).toContainText(`${day(20)} – ${day(3)}`);
    await expect(guest.getByTestId("shared-scope")).toContainText("Futures");
    await expect(totalOf(guest)).toHaveText(figure, { timeout: 20_000 });
    await expect(guest.getByText(/Data as of \d{4}-\d{2}-\d{2}/).first()).toBeVisible();
    // Read-only and nothing else of the app: no navigation, no filters, no way in.
    await expect(guest.getByRole("navigation")).toHaveCount(0);
    await expect(guest.getByRole("search", { name: "Report filters" })).toHaveCount(0);
    await expect(guest.getByRole("link", { name: /settings|orders|markets/i })).toHaveCount(0);
  }
  await context.close();
});

test("changing the URL to widen the range, the coin or the connection gives nothing more", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, VIEW);
  const url = await createLink(page, { label: "Scope test" });
  const { context, page: guest } = await stranger(browser);
  for (const widen of ["range=12m", `range=custom&from=${day(300)}&to=${day(1)}`, "product=SPOT", "coin=BTC"]) {
    await guest.goto(`${url}?${widen}`);
    await expect(guest.getByRole("alert").filter({ hasText: /outside this link's scope/i })).toBeVisible({ timeout: 20_000 });
    await expect(totalOf(guest)).toHaveCount(0);
    const data = await guest.request.get(`${url}/data/commissions?${widen}`);
    expect(data.status(), widen).toBe(403);
  }
  // The data route of another report, or the app's own API, is closed to the link's visitor.
  expect((await guest.request.get(`${url}/data/invitees`)).status()).toBe(404);
  expect((await guest.request.get("/api/reports/commissions")).status()).toBe(401);
  await guest.request.get("/api/connections").then((r) => expect(r.status()).toBe(401));
  await context.close();
});

test("a redacted link masks invitee uids, and a percentage link shows shares instead of amounts and exports nothing", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const rosterView = `/invitees?range=custom&from=${day(50)}&to=${day(3)}`;
  await signIn(page, rosterView);
  const firstUid = (p: Page) => p.getByRole("region", { name: "Invitee directory" }).locator("tbody tr").first().locator("td").first();
  await expect(firstUid(page)).toHaveText(/^\d+$/, { timeout: 20_000 });
  const realUid = (await firstUid(page).innerText()).trim();
  const masked = await createLink(page, { label: "Masked roster", maskUids: true });
  await page.goto(VIEW);
  await expect(totalOf(page)).toHaveText(/\d/, { timeout: 20_000 });
  const shares = await createLink(page, { label: "Shares only", percentages: true });

  const { context, page: guest } = await stranger(browser);
  await guest.goto(masked);
  await expect(firstUid(guest)).toHaveText(/^inv-[0-9a-f]{8}$/, { timeout: 20_000 });
  expect(await guest.content()).not.toContain(realUid);
  // The retention cohorts stay plain text on a link (in the app each opens the directory of its sign-ups).
  const matrix = guest.getByRole("table", { name: "Retention by signup month" });
  await expect(matrix.locator("tbody tr").first()).toBeVisible();
  await expect(matrix.getByRole("link")).toHaveCount(0);
  // No search that could confirm a uid, and the server refuses one anyway.
  await expect(guest.getByRole("search")).toHaveCount(0);
  expect((await guest.request.get(`${masked}/data/invitees?q=${realUid}`)).status()).toBe(403);

  await guest.goto(shares);
  // A total shows its change against the previous period (held whole: 60 synced days), never the constant 100 % of itself.
  const change = guest.locator("dl div").filter({ hasText: "USDT commission (change vs previous period)" }).locator("dd").first();
  await expect(change).toHaveText(/^[+\-−]?\d[\d,]*\.\d %$/, { timeout: 20_000 });
  await expect(change).not.toHaveText("100.0 %");
  await expect(guest.getByText("Commission (USDT)")).toHaveCount(0);
  await expect(guest.getByRole("link", { name: /Download CSV/ })).toHaveCount(0);
  expect((await guest.request.get(`${shares}/data/commissions/export?table=totals`)).status()).toBe(403);
  await context.close();
});

test("revoked and tampered links are refused identically; a wrong password asks again, the right one opens", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, VIEW);
  const revoked = await createLink(page, { label: "To revoke" });
  const locked = await createLink(page, { label: "Locked one", password: "open sesame 42" });

  await page.goto("/reports");
  const row = page.getByTestId("share-link").filter({ hasText: "To revoke" });
  await expect(row).toContainText("Active");
  page.once("dialog", (d) => void d.accept());
  await row.getByText("More", { exact: true }).click();
  await row.getByRole("button", { name: /Revoke link/ }).click();
  await expect(row).toContainText("Revoked");

  const { context, page: guest } = await stranger(browser);
  const refusals: Array<{ status: number | undefined; text: string }> = [];
  const tampered = `${locked.slice(0, -5)}${locked.slice(-5) === "AAAAA" ? "BBBBB" : "AAAAA"}`;
  for (const url of [revoked, tampered]) {
    const response = await guest.goto(url);
    refusals.push({ status: response?.status(), text: await guest.locator("main").innerText() });
  }
  expect(refusals.map((r) => r.status)).toEqual([404, 404]);
  expect(new Set(refusals.map((r) => r.text)).size).toBe(1);
  // A wrong password asks again (e2e/share-password.spec.ts has the rest); the right one opens the report.
  await guest.goto(locked);
  await expect(guest.getByRole("heading", { name: "This report is protected" })).toBeVisible();
  await guest.getByLabel("Password").fill("wrong password");
  await guest.getByRole("button", { name: "Open report" }).click();
  await expect(guest.locator("main").getByRole("alert")).toHaveText(/Wrong password/);
  await guest.getByLabel("Password").fill("open sesame 42");
  await guest.getByRole("button", { name: "Open report" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toContainText("Locked one");
  await expect(totalOf(guest)).toHaveText(/\d/, { timeout: 20_000 });
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.value.includes("sesame"))).toBe(false);
  expect(cookies.find((c) => c.name.startsWith("rd_share_"))?.path).toBe(new URL(locked).pathname);
  await context.close();
});

test("a report as PDF, from the app and from a share link, holds the report's title, scope and figures", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, VIEW);
  await expect(totalOf(page)).toHaveText(/\d/, { timeout: 20_000 });
  const figure = (await totalOf(page).innerText()).trim();
  const fromApp = await page.request.get(`/api/pdf/commissions?range=custom&from=${day(20)}&to=${day(3)}&product=FUTURES`);
  expect(fromApp.status()).toBe(200);
  expect(fromApp.headers()["content-type"]).toBe("application/pdf");
  const appPdf = await readPdf(await fromApp.body());
  expect(appPdf.pages.length).toBeGreaterThanOrEqual(1);
  expect(appPdf.text).toContain("Commissions");
  expect(appPdf.text).toContain(`${day(20)} – ${day(3)}`);
  expect(appPdf.text.replace(/\s+/g, "")).toContain(figure.replace(/\s+/g, ""));
  // The app's own PDF is the report as its owner sees it: titled as the report, never as a shared link.
  expect(appPdf.text).not.toMatch(/shared|link expires|PDF for/i);
  expect(fromApp.headers()["content-disposition"]).toMatch(new RegExp(`^attachment; filename="commissions_${day(20)}_${day(3)}_asof-\\d{4}-\\d{2}-\\d{2}T\\d{4}Z_landscape\\.pdf"`));

  const url = await createLink(page, { label: "PDF partner", password: "pdf password 1" });
  const { context, page: guest } = await stranger(browser);
  expect((await guest.request.get(`${url}/pdf`)).status()).toBe(404);
  await guest.goto(url);
  await guest.getByLabel("Password").fill("pdf password 1");
  await guest.getByRole("button", { name: "Open report" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toContainText("PDF partner");
  const shared = await guest.request.get(`${url}/pdf?orientation=portrait`);
  expect(shared.status()).toBe(200);
  const sharedPdf = await readPdf(await shared.body());
  expect(sharedPdf.text).toContain("PDF partner");
  // A shared link's PDF says it is one.
  expect(sharedPdf.pages[0]).toMatch(/shared report/i);
  expect(shared.headers()["content-disposition"]).toMatch(/^attachment; filename="commissions_.*_portrait\.pdf"/);
  // Its CSV is named like the app's: report, table, range, "data as of".
  const sharedCsv = await guest.request.get(`${url}/data/commissions/export?table=by-symbol`);
  expect(sharedCsv.status()).toBe(200);
  expect(sharedCsv.headers()["content-disposition"]).toMatch(new RegExp(`^attachment; filename="commissions_by-symbol_${day(20)}_${day(3)}_asof-\\d{4}-\\d{2}-\\d{2}T\\d{4}Z\\.csv"`));
  expect((await sharedCsv.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Symbol,Coin,Commission (coin of the row),Commission valued (≈ USDT),Net fee (coin of the row),Net fee valued (≈ USDT),Volume (USDT)");
  expect(sharedPdf.text.replace(/\s+/g, "")).toContain(figure.replace(/\s+/g, ""));
  await context.close();
});
