import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type FrameLocator, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectContentWithin, expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Share links' view log and embedding in real browsers, each visitor a fresh
 * context: a link opened by a stranger shows in its view log; a link made to
 * be embedded on one origin renders in a frame on a page served from that
 * origin (a real HTTP server of this test) and is blocked by the browser on
 * another; a link's origins edited in its dialog frame it on the new origin
 * at once and no longer on the removed one; the list of links and the edit
 * dialog fit at desktop and phone width, light and dark.
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
/** Where a partner moves the report to: the origin an edit lists instead of `allowed`. */
const moved = parentSite();
test.afterAll(async () => {
  for (const site of [await allowed, await refused, await moved]) await new Promise((resolve) => site.server.close(resolve));
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

/** The browser refuses `src` framed on `parent`: the CSP's frame-ancestors says so, and nothing of the link renders. */
async function expectFrameRefused(browser: Browser, parent: { frame: (src: string) => string }, src: string) {
  const { context, page: guest } = await stranger(browser);
  const refusal = guest.waitForEvent("console", { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 20_000 });
  await guest.goto(parent.frame(src));
  expect((await refusal).text()).toContain("frame-ancestors");
  await expect(guest.frameLocator("iframe").getByTestId("embedded-caption")).toHaveCount(0);
  await context.close();
}

async function expectFramed(browser: Browser, parent: { frame: (src: string) => string }, src: string) {
  const { context, page: guest } = await stranger(browser);
  await guest.goto(parent.frame(src));
  await expect(guest.frameLocator("iframe").getByTestId("embedded-caption")).toBeVisible({ timeout: 20_000 });
  await context.close();
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
  await expect(card.getByTestId("link-summary")).toContainText(`embeddable on ${site.origin}.`);
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

  await expectFrameRefused(browser, other, `${url}?embed=1`);
  await expectFrameRefused(browser, site, `${plain}?embed=1`);
  // A frame the browser refused is no visit of the link that lists no origins.
  await page.goto("/reports");
  await expect(page.getByTestId("share-link").filter({ hasText: plainLabel }).getByTestId("view-count")).toHaveText("0");
  // The same link still renders on the origin it lists.
  await expectFramed(browser, site, `${url}?embed=1`);
});

test("editing a link's origins in its dialog frames it on the new origin at once, and no longer on the removed one", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const site = await allowed;
  const next = await moved;
  await signIn(page, VIEW);
  const label = unique("Partner moved");
  const url = await createLink(page, label, site.origin);
  await expectFramed(browser, site, `${url}?embed=1`);

  await page.goto("/reports");
  const card = page.getByTestId("share-link").filter({ hasText: label });
  await card.getByRole("button", { name: `Edit link "${label}"` }).click();
  const edit = page.getByRole("dialog");
  const origins = edit.getByLabel("Allow embedding on");
  await expect(origins).toHaveValue(site.origin);
  // A bad origin is refused by the server, which names it; nothing is saved.
  await origins.fill(`${next.origin}\nhttp://partner.example.com`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("alert")).toContainText("http://partner.example.com: only https://");
  await expect(edit.getByText("No changes since the link was made.")).toBeVisible();

  await origins.fill(next.origin);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("status")).toContainText(`embeddable on ${next.origin}.`);
  const log = edit.getByRole("list", { name: "Changes, newest first" });
  await expect(log).toContainText(`Embeddable on ${site.origin} → ${next.origin}`);
  await expect(edit.getByLabel("Allow embedding on")).toHaveValue(next.origin);

  // The dialog with its origins and log, light and dark, desktop and phone: no sideways scroll, axe clean.
  for (const width of [1280, 390]) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await edit.getByLabel("Allow embedding on").scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, `${width} ${scheme}`);
      await expectContentWithin(edit, `${width} ${scheme}: the dialog's text wraps`);
      expect(await seriousViolations(page), `${width} ${scheme}`).toEqual([]);
      await page.screenshot({ path: `test-results/share-embed-edit-${width}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  await edit.getByRole("button", { name: "Close" }).click();
  await expect(card.getByTestId("link-summary")).toContainText(`embeddable on ${next.origin}.`);
  await expect(card.getByTestId("link-summary")).not.toContainText(site.origin);

  // The very next requests: framed on the new origin, refused on the removed one.
  await expectFramed(browser, next, `${url}?embed=1`);
  await expectFrameRefused(browser, site, `${url}?embed=1`);
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
      await expectNoSidewaysScroll(page, `${width} ${scheme}`);
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
