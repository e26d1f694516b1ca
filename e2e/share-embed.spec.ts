import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type FrameLocator, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Share links' view log and embedding in real browsers, each visitor a fresh
 * context: a link opened by a stranger shows in its view log; a link made to
 * be embedded on one origin renders in a frame on a page served from that
 * origin (a real HTTP server of this test) and is blocked by the browser on
 * another; the list of links fits at desktop and phone width, light and dark.
 */

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const VIEW = `/commissions?range=custom&from=${day(20)}&to=${day(3)}&product=FUTURES`;
/** Labels unique per run and retry: a retried test must not find its first attempt's link. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const totalOf = (root: Page | FrameLocator) => root.locator("dl div").filter({ hasText: "Commission (USDT)" }).locator("dd").first();

test.describe.configure({ mode: "serial" });

/** A page on its own origin (127.0.0.1, its own port) that frames `src`. */
async function parentSite(): Promise<{ origin: string; server: Server; frame: (src: string) => string }> {
  let src = "about:blank";
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><title>Partner site</title><h1>Partner site</h1><iframe title="Shared report" src="${src}" width="1200" height="900"></iframe></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server, frame: (value) => ((src = value), `${origin}/`) };
}

const allowed = parentSite();
const refused = parentSite();
test.afterAll(async () => {
  for (const site of [await allowed, await refused]) await new Promise((resolve) => site.server.close(resolve));
});

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

async function createLink(page: Page, label: string, embedOn?: string): Promise<string> {
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill(label);
  if (embedOn) await dialog.getByLabel(/Allow embedding on/).fill(embedOn);
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("Share link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  return url;
}

async function stranger(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("a stranger's visit shows in the link's view log: page, then embedded, with the browser family", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const site = await allowed;
  await signIn(page, VIEW);
  await expect(totalOf(page)).toHaveText(/\d/, { timeout: 20_000 });
  const figure = await totalOf(page).innerText();
  const label = unique("Logged and embedded");
  const url = await createLink(page, label, site.origin);

  const { context, page: guest } = await stranger(browser);
  expect((await guest.goto(url))?.status()).toBe(200);
  await expect(totalOf(guest)).toHaveText(figure, { timeout: 20_000 });

  // The embedded view on the allowed origin: the report alone, the same scope and figures.
  const problems = watchConsole(guest);
  await guest.goto(site.frame(`${url}?embed=1`));
  const frame = guest.frameLocator("iframe");
  await expect(frame.getByTestId("embedded-caption")).toContainText(`${day(20)} – ${day(3)}`, { timeout: 20_000 });
  await expect(totalOf(frame)).toHaveText(figure, { timeout: 20_000 });
  await expect(frame.getByRole("heading", { level: 1 })).toHaveCount(0);
  await expect(frame.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
  await expect(frame.getByRole("navigation")).toHaveCount(0);
  expect(problems.filter((p) => /frame-ancestors|Refused/.test(p))).toEqual([]);
  await context.close();

  await page.goto("/reports");
  const card = page.getByTestId("share-link").filter({ hasText: label });
  await expect(card.getByTestId("view-count")).toHaveText("2");
  await expect(card).toContainText(`Embeddable on ${site.origin}`);
  await card.getByRole("button", { name: /View log of/ }).click();
  const log = page.getByRole("dialog", { name: /Views of/ });
  const rows = log.getByRole("region", { name: "View log" }).locator("tbody tr");
  await expect(rows.filter({ hasText: "Page, embedded on another site" })).toHaveCount(1);
  const pageView = rows.filter({ has: page.getByRole("cell", { name: "Page", exact: true }) });
  await expect(pageView).toHaveCount(1);
  await expect(pageView.getByRole("cell", { name: "Chrome", exact: true })).toBeVisible();
  // One visitor (one address) opened it both times; nothing else was logged.
  await expect(rows).toHaveCount(2);
  expect(new Set(await rows.locator("td:nth-child(4)").allInnerTexts()).size).toBe(1);
  await expect(log).toContainText(/Page 1 of 1 · \d+ views/);
  expect(await seriousViolations(page)).toEqual([]);
  await log.getByRole("button", { name: "Close" }).click();
});

test("an embedded view on an origin the link does not list is blocked by the browser", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const site = await allowed;
  const other = await refused;
  await signIn(page, VIEW);
  const url = await createLink(page, unique("Embeddable on one site"), site.origin);
  const plainLabel = unique("Not embeddable");
  const plain = await createLink(page, plainLabel);

  for (const [parent, src] of [
    [other, `${url}?embed=1`],
    [site, `${plain}?embed=1`],
  ] as const) {
    const { context, page: guest } = await stranger(browser);
    const refusal = guest.waitForEvent("console", { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 20_000 });
    await guest.goto(parent.frame(src));
    expect((await refusal).text()).toContain("frame-ancestors");
    await expect(guest.frameLocator("iframe").getByTestId("embedded-caption")).toHaveCount(0);
    await context.close();
  }
  // A frame the browser refused is no visit of the link that lists no origins.
  await page.goto("/reports");
  await expect(page.getByTestId("share-link").filter({ hasText: plainLabel }).getByTestId("view-count")).toHaveText("0");
  // The same link still renders on the origin it lists.
  const { context, page: guest } = await stranger(browser);
  await guest.goto(site.frame(`${url}?embed=1`));
  await expect(guest.frameLocator("iframe").getByTestId("embedded-caption")).toBeVisible({ timeout: 20_000 });
  await context.close();
});

test("the list fits, sorts and filters at 1440 and 390 px, light and dark", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "/reports");
  for (const width of [1440, 390]) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/reports");
      await expect(page.getByTestId("share-link").first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} ${scheme}: horizontal scroll`).toBeLessThanOrEqual(0);
      // Every card's actions are on screen, not cut off to the right.
      for (const box of await page.getByRole("button", { name: /View log of/ }).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right))) {
        expect(box).toBeLessThanOrEqual(width);
      }
      expect(await seriousViolations(page), `${width} ${scheme}`).toEqual([]);
      await page.screenshot({ path: `test-results/share-list-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // Filter by state and sort: the URL keeps the choice.
  await page.getByRole("button", { name: /^Active \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/state=active/);
  for (const state of await page.getByTestId("share-link").locator("dd span").allInnerTexts()) expect(state).toBe("Active");
  await page.getByLabel("Order").selectOption("views");
  await expect(page).toHaveURL(/sort=views/);
  const counts = (await page.getByTestId("view-count").allInnerTexts()).map(Number);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  // The More menu opens from the keyboard and Escape closes it, focus back on its button.
  const first = page.getByTestId("share-link").first();
  await first.getByText("More", { exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(first.getByRole("button", { name: /Revoke link/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(first.getByRole("button", { name: /Revoke link/ })).toBeHidden();
  await expect(first.getByText("More", { exact: true })).toBeFocused();
  await page.reload();
  await expect(page.getByLabel("Order")).toHaveValue("views");
  await expect(page.getByRole("button", { name: /^Active \(\d+\)$/ })).toHaveAttribute("aria-pressed", "true");
});
