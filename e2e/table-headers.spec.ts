import { expect, test, type Locator, type Page } from "@playwright/test";
import { METRICS, type MetricDefinition } from "../lib/metrics/definitions";
import { SUB_AFFILIATE_METRICS, SUB_AFFILIATES_METRICS } from "../lib/metrics/sub-affiliate";
import { signIn, waitForWarehouse } from "./support/demo";
import { expectContentWithin, watchConsole } from "./support/page-checks";

/**
 * Every figure means what it says (issue 24): the four list pages and the
 * entity pages (one invitee, one sub-affiliate) draw their result tables
 * through ContractTable, so each header is its contract's — a
 * defined metric's label — and the "?" beside it opens that metric's one
 * definition (lib/metrics), the sentence the CSV's column means too. Each
 * table fits a 1440 px window. Data synced by the app from its sandbox.
 */
test.describe.configure({ mode: "serial" });
test.beforeEach(() => test.setTimeout(90_000));
test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  await waitForWarehouse(info.project.use.baseURL as string);
});

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const PAST = `range=custom&from=${day(20)}&to=${day(3)}`;
const DEFINITIONS = new Map<string, MetricDefinition>([...Object.values(METRICS), ...Object.values(SUB_AFFILIATE_METRICS), ...Object.values(SUB_AFFILIATES_METRICS)].map((m) => [m.label, m]));

interface TablePage {
  path: string;
  /** The table's scrolling region. */
  region: string;
  headers: readonly string[];
  /** The headers with a "?", by the metric label it names. */
  explained: readonly string[];
}

const PAGES: readonly TablePage[] = [
  {
    path: `/sub-affiliates?${PAST}`,
    region: "Sub-affiliate ranking",
    headers: [
      "Sub-affiliate",
      "Trading volume (USDT)",
      "Share of all sub-affiliates' volume",
      "Sub-affiliate's net fee (USDT)",
      "Paid to the sub-affiliate (USDT)",
      "Active days",
      "Previous period: Trading volume (USDT)",
      "Trading volume change vs previous period",
    ],
    explained: ["Trading volume", "Share of all sub-affiliates' volume", "Sub-affiliate's net fee", "Paid to the sub-affiliate", "Active days", "Trading volume"],
  },
  {
    path: `/invite-codes?${PAST}`,
    region: "Invite codes",
    headers: [
      "Invite code",
      "Sign-ups",
      "KYC passed",
      "Deposited",
      "Traded",
      "First trade",
      "Median time sign-up → first deposit",
      "Median time sign-up → first trade",
      "Commission (USDT)",
      "Volume (USDT)",
    ],
    explained: ["Sign-ups", "KYC passed", "Deposited", "Traded", "First trade", "Commission", "Volume"],
  },
  {
    path: `/trade-assets?${PAST}`,
    region: "Trade and assets per invitee",
    headers: ["Invitee uid", "Deposits (USDT)", "Withdrawals (USDT)", "Net deposits (USDT)", "Spot volume (USDT)", "Futures volume (USDT)", "Commission, trade-and-asset report (USDT)"],
    explained: ["Deposits", "Withdrawals", "Net deposits", "Spot volume", "Futures volume", "Commission, trade-and-asset report"],
  },
  {
    path: `/invitees?${PAST}`,
    region: "Invitee directory table",
    headers: [
      "uid",
      "Registered",
      "KYC",
      "Invite code",
      "Source",
      "Deposit first last",
      "Trade first last",
      "Status",
      "Commission in range (USDT)",
      "Net fee in range (USDT)",
      "Spot + futures volume in range (USDT)",
      "Deposits in range (USDT)",
      "Withdrawals in range (USDT)",
      "Net deposits in range (USDT)",
    ],
    explained: ["Commission", "Net fee", "Spot + futures volume", "Deposits", "Withdrawals", "Net deposits"],
  },
];

/** A header as it reads: its words on one line, without the "?" (a compact header sets its unit on a line of its own). */
const headerTexts = (table: Locator) => table.locator("thead th").evaluateAll((ths) => ths.map((th) => (th as HTMLElement).innerText.replace(/\?\s*$/, "").replace(/\s+/g, " ").trim()));

async function openTable(page: Page, p: TablePage): Promise<Locator> {
  await page.goto(p.path);
  // The table's own scrolling region (its section may carry the same name): the innermost.
  const region = page.getByRole("region", { name: p.region, exact: true }).last();
  await expect(region.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
  return region;
}

/** The table's headers are `p.headers`, each "?" opens its metric's one definition, and the table fits the window. */
async function checkHeaders(page: Page, region: Locator, p: Omit<TablePage, "path">, where: string): Promise<void> {
  expect(await headerTexts(region), where).toEqual(p.headers);
  const helps = region.locator("thead").getByRole("button", { name: /^What is “/ });
  const labels = (await helps.evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label") ?? ""))).map((l) => /^What is “(.*)”\?$/.exec(l)?.[1] ?? l);
  expect(labels, where).toEqual(p.explained);
  for (let i = 0; i < labels.length; i++) {
    const definition = DEFINITIONS.get(labels[i]!)!.definition;
    const help = helps.nth(i);
    await expect(help).toHaveAttribute("title", definition);
    await help.click();
    await expect(help).toHaveAttribute("aria-expanded", "true");
    const note = page.locator(`[id="${(await help.getAttribute("aria-controls"))!}"]`);
    await expect(note, `${where}: ${labels[i]}`).toBeVisible();
    await expect(note).toHaveText(definition);
    await help.click();
    await expect(note).toBeHidden();
  }
  // The table fits the window: nothing to scroll sideways, so nothing cut off at its right edge.
  await expectContentWithin(region, `${where}: ${p.region} within 1440 px`);
}

test("each list page's table headers are its contract's, and each metric header's '?' opens the metric's definition", async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "/");
  for (const p of PAGES) await checkHeaders(page, await openTable(page, p), p, p.path);
  expect(problems).toEqual([]);
});

test("the entity pages' tables are their contracts' too: one invitee's By symbol and Rates applied, one sub-affiliate's Per product and invitees via sub-agents", async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "/");
  const answer = (await (await page.request.get(`/api/reports/commissions?${PAST}`)).json()) as { topInvitees: Array<{ key: string }> };
  const ranking = (await (await page.request.get(`/api/reports/sub-affiliates?${PAST}`)).json()) as { ranking: Array<{ subAffiliateUid: string }> };
  const invitee = `/invitees/${answer.topInvitees[0]!.key}?${PAST}`;
  const sub = `/sub-affiliates/${ranking.ranking[0]!.subAffiliateUid}?${PAST}`;
  const S = SUB_AFFILIATE_METRICS;
  const TABLES: ReadonlyArray<TablePage> = [
    {
      path: invitee,
      region: "By symbol",
      headers: ["Symbol", "Commission (USDT)", "Net fee (USDT)", "Taker volume (USDT)", "Maker volume (USDT)", "Items"],
      explained: [METRICS.commission.label, METRICS.netFee.label, METRICS.takerVolume.label, METRICS.makerVolume.label],
    },
    { path: invitee, region: "Rates applied", headers: ["Rate", "Product", "Items", "Commission (USDT)"], explained: [METRICS.commission.label] },
    {
      path: sub,
      region: "Per product",
      headers: [
        "Product",
        "Trading volume (USDT)",
        "Share of all sub-affiliates' volume",
        "Sub-affiliate's net fee (USDT)",
        "Share of all sub-affiliates' net fee",
        "Paid to the sub-affiliate (USDT)",
        "Share of all sub-affiliates' paid commission",
        "Left after the sub-affiliate's share (USDT)",
        "Previous period: Trading volume (USDT)",
      ],
      explained: [S.tradingVolume, S.volumeShare, S.netTradingFee, S.feeShare, S.paidCommission, S.commissionShare, S.afterSubShare, S.tradingVolume].map((m) => m.label),
    },
    { path: sub, region: "Top invitees via sub-agents", headers: ["Invitee uid", "Commission (USDT)", "Volume (USDT)"], explained: [METRICS.commission.label, METRICS.volumeInCoin.label] },
  ];
  for (const p of TABLES) await checkHeaders(page, await openTable(page, p), p, `${p.path}: ${p.region}`);
  expect(problems).toEqual([]);
});

test("Invite codes says which figure is the count and which the share: Traded, and First trade of the sign-ups", async ({ page }) => {
  await signIn(page, `/invite-codes?${PAST}`);
  const region = await openTable(page, PAGES[1]!);
  const row = region.locator("tbody tr").first();
  // Traded is a count; First trade its share of the sign-ups, a percent.
  await expect(row.locator("td").nth(4)).toHaveText(/^\d[\d,]*$/);
  await expect(row.locator("td").nth(5)).toHaveText(/^(\d+\.\d%|—)/);
  const cards = page.locator("dl > div").filter({ has: page.getByText("Traded", { exact: true }) });
  await expect(cards.first().getByRole("button", { name: "What is “First trade”?" })).toHaveAttribute("title", /share of the invitees who signed up/);
  // The summary cards explain themselves from the same definitions.
  await expect(page.getByRole("button", { name: "What is “Sign-ups”?" }).first()).toHaveAttribute("title", METRICS.signups.definition);
});

test("the invitee directory's cells are its rows' values: KYC yes or no, dates as UTC days, codes linked", async ({ page }) => {
  await signIn(page, `/invitees?${PAST}`);
  const region = await openTable(page, PAGES[3]!);
  const rows = region.locator("tbody tr");
  for (const kyc of await rows.locator("td:nth-child(3)").allInnerTexts()) expect(kyc.trim()).toMatch(/^(yes|no)$/);
  for (const registered of await rows.locator("td:nth-child(2)").allInnerTexts()) expect(registered.trim()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(rows.first().locator("td").nth(3).getByRole("link")).toHaveAttribute("href", /\/invitees\?.*code=/);
});

test("the Sub-affiliates totals are all sub-affiliates' figures, none called yours", async ({ page }) => {
  await signIn(page, `/sub-affiliates?${PAST}`);
  await openTable(page, PAGES[0]!);
  for (const m of [SUB_AFFILIATES_METRICS.allTradingVolume, SUB_AFFILIATES_METRICS.allNetTradingFee, SUB_AFFILIATES_METRICS.allPaidCommission]) {
    await expect(page.getByText(`${m.label} (USDT)`, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `What is “${m.label} (USDT)”?` })).toHaveAttribute("title", m.definition);
  }
  expect(SUB_AFFILIATES_METRICS.allPaidCommission.definition).toMatch(/not your commission/);
});
