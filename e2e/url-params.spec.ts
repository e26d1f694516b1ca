import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectNoSidewaysScroll, seriousViolations, watchConsole } from "./support/page-checks";

/**
 * Bad URL parameters get one clear answer on every page: a notice naming each
 * parameter and what is shown instead, the address rewritten to what is shown,
 * the page working below it — never a whole-page error, never a schema
 * library's words, never a title built from the rejected value. And figures a
 * person can read: tables that fit a 1440 px window uncut, no sideways page
 * scrolling at 390 px.
 */

const RAW_SCHEMA_TEXT = /Invalid option|expected one of|Invalid input|Too big|Too small|BAD_REQUEST|HTTP 400/i;

/** Per page: a URL with unusable parameters, the parameters the notice must name, and what the URL must no longer hold. */
const CASES: ReadonlyArray<{ path: string; query: string; params: string[]; gone: RegExp; ready: (page: Page) => Promise<void> }> = [
  { path: "/", query: "range=999d", params: ["range"], gone: /range=999d/, ready: dataAsOf },
  { path: "/commissions", query: "coin=DOGE&tz=Mars%2FOlympus", params: ["coin", "tz"], gone: /coin=|tz=/, ready: dataAsOf },
  { path: "/sub-affiliates", query: "interval=hour&product=MARGIN", params: ["interval", "product"], gone: /interval=|product=/, ready: dataAsOf },
  { path: "/invitees", query: `sort=name&q=${"a".repeat(41)}`, params: ["sort", "q"], gone: /sort=|q=/, ready: dataAsOf },
  { path: "/trade-assets", query: "sort=volume&dir=sideways&range=custom&from=2026-05-02&to=2026-05-01", params: ["sort", "dir", "from"], gone: /sort=|dir=|range=|from=/, ready: dataAsOf },
  { path: "/markets", query: "sort=price&tdir=up", params: ["sort", "tdir"], gone: /sort=|tdir=/, ready: heading },
  { path: "/account", query: "limit=5000&coin=x", params: ["limit", "coin"], gone: /limit=|coin=/, ready: heading },
  { path: "/orders", query: "limit=0&sym=eth-usdt", params: ["limit", "sym"], gone: /limit=|sym=/, ready: heading },
];

async function dataAsOf(page: Page): Promise<void> {
  await expect(page.getByText(/Data as of \d{4}-\d{2}-\d{2}/).first()).toBeVisible({ timeout: 20_000 });
}
async function heading(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** The page's visible text outside the notice (which may quote the rejected value back). */
async function textOutsideNotice(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector("main")?.cloneNode(true) as HTMLElement | undefined;
    if (!main) return "";
    main.querySelectorAll("[data-testid=param-notice]").forEach((n) => n.remove());
    return `${document.title}\n${main.innerText}\n${[...main.querySelectorAll("[aria-label]")].map((n) => n.getAttribute("aria-label")).join("\n")}`;
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

test("every page names each unusable parameter, shows what it uses instead and rewrites its URL", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await signIn(page);
  for (const c of CASES) {
    await page.goto(`${c.path}?${c.query}`);
    await c.ready(page);
    const notice = page.getByTestId("param-notice");
    await expect(notice, c.path).toBeVisible();
    // One sentence per parameter, starting with its name: `coin "DOGE" is not …; showing the default (USDT; on Commissions, all coins) instead.`
    for (const param of c.params) await expect(notice.getByRole("listitem").filter({ hasText: new RegExp(`^${param} `) }), `${c.path} names ${param}`).toHaveCount(1);
    await expect(notice).toContainText("instead");
    await expect(page, c.path).not.toHaveURL(c.gone);
    expect(new URL(page.url()).pathname).toBe(c.path);
    await expect(page.locator("body")).not.toContainText(RAW_SCHEMA_TEXT);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  }
  // The rejected coin is named in the notice, never in a title, heading, label or figure.
  await page.goto("/commissions?coin=DOGE");
  await dataAsOf(page);
  await expect(page.getByTestId("param-notice")).toContainText('coin "DOGE" is not a coin the reports show (USDT or BTC); showing the default (USDT; on Commissions, all coins) instead.');
  await expect(page.getByRole("region", { name: "Commission per period, all coins (≈ USDT)" })).toBeVisible();
  // (The symbol DOGEUSDT is data; the coin DOGE alone must appear nowhere.)
  expect(await textOutsideNotice(page)).not.toMatch(/\bDOGE\b/);
  // from/to without range=custom: that range is shown, and the URL says so.
  await page.goto("/commissions?from=2026-01-01&to=2026-01-31");
  await expect(page.getByTestId("param-notice")).toContainText("range is missing (from and to need range=custom); showing 2026-01-01 – 2026-01-31 instead.");
  await expect(page).toHaveURL(/range=custom/);
  await expect(page.getByRole("main")).toContainText("2026-01-01 → 2026-01-31");
  // The notice reads well in both themes.
  for (const theme of ["Light", "Dark"] as const) {
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: `${theme} theme` }).click();
    expect(await seriousViolations(page)).toEqual([]);
  }
  // A usable URL gets no notice, and a later change of view clears it.
  await page.goto("/invitees?sort=uid&dir=asc");
  await dataAsOf(page);
  await expect(page.getByTestId("param-notice")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

/** Table frames whose content is wider than the frame (a cut column), by label. */
async function cutTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main [role=region]")]
      .filter((frame) => frame.querySelector(":scope > table") && frame.scrollWidth > frame.clientWidth + 1)
      .map((frame) => `${frame.getAttribute("aria-label")}: ${frame.scrollWidth} > ${frame.clientWidth}`),
  );
}

test("an invitee's By symbol, a sub-affiliate's Per product, the ranking and the sync table while syncing fit a 1440 px window with no column cut", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const answer = (await (await page.request.get("/api/reports/commissions?range=30d")).json()) as { topInvitees: Array<{ key: string }> };
  const ranking = (await (await page.request.get("/api/reports/sub-affiliates?range=30d")).json()) as { ranking: Array<{ subAffiliateUid: string }> };
  const invitee = answer.topInvitees[0]?.key;
  const sub = ranking.ranking[0]?.subAffiliateUid;
  expect(invitee && sub, "the demo warehouse has a top invitee and a sub-affiliate").toBeTruthy();
  for (const [path, table] of [
    [`/invitees/${invitee}?range=30d`, "By symbol"],
    [`/sub-affiliates/${sub}?range=30d`, "Per product"],
    ["/sub-affiliates?range=30d", "Sub-affiliate ranking"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("region", { name: table, exact: true }).locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    expect(await cutTables(page), path).toEqual([]);
  }
  // "While syncing": the app's real sync status, each report shown mid-run (a history window, its pages and time
  // left: the longest sentence the table holds), since a real run is over too soon to be caught at a given instant.
  await page.route("**/api/sync", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const real = await route.fetch();
    const status = (await real.json()) as { running: boolean; reports: Array<Record<string, unknown>> };
    const day = 86_400_000;
    const now = Date.now();
    const progress = { running: true, phase: "history", window: { startTime: now - 120 * day, endTime: now - 90 * day }, windowsDone: 3, windowsLeft: 12, pagesDone: 1234, pagesLeft: 5678, weightUsed: 4321, rowsAdded: 98765, rowsChanged: 4321, etaMs: 3_540_000, startedAt: now - 60_000 };
    await route.fulfill({ response: real, json: { ...status, running: true, reports: status.reports.map((r) => ({ ...r, progress, lastError: "getAffiliateCommission: 429 Too Many Requests — the weight budget was spent; retrying after 60 s" })) } });
  });
  await page.goto("/");
  const sync = page.getByRole("region", { name: "Sync state per report", exact: true });
  await expect(sync.locator("tbody tr").first()).toContainText("pages done", { timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  expect(await cutTables(page), "/ while syncing").toEqual([]);
  await page.unroute("**/api/sync");
});

test("Commissions and Account fit a 1440 px window with no column cut, and no page is wider than a 390 px phone", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [path, table] of [
    ["/commissions", "By symbol (each coin natively)"],
    ["/commissions?coin=USDT", "By symbol (USDT)"],
    ["/commissions?coin=BTC", "By symbol (BTC)"],
    ["/account", "Spot bills"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("region", { name: table, exact: true }).first().locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    expect(await cutTables(page), path).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/commissions", "/trade-assets", "/account", "/sub-affiliates", "/invitees", "/"]) {
    await page.goto(path);
    await heading(page);
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, path);
    // Nothing sticks out on either side either (an overflow to the left does not scroll, it is just cut),
    // except inside a container that scrolls (a table's frame).
    const outside = await page.evaluate(() => {
      const scrolls = (el: Element | null): boolean => {
        for (let e = el; e && e.tagName !== "MAIN"; e = e.parentElement) if (["auto", "scroll", "hidden"].includes(getComputedStyle(e).overflowX)) return true;
        return false;
      };
      return [...document.querySelectorAll("main *")]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && (r.left < -1 || r.right > window.innerWidth + 1) && !scrolls(e.parentElement) && !e.closest(".sr-only");
        })
        .map((e) => `${e.tagName} "${(e.textContent ?? "").trim().slice(0, 40)}"`);
    });
    expect(outside, path).toEqual([]);
  }
});
