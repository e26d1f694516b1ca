/**
 * Campaign costs and return (#28) against independent computations from raw rows: the sandbox world's own invitees
 * and commission items, and the sandbox's raw daily candles read over HTTP (decimal.js, never the code under test) —
 * cost in ≈ USDT, cost per sign-up / first deposit / first trade, commission since sign-up (the manager's own items,
 * both sources, from each invitee's sign-up day through the last whole day synced), return; the return by sign-up
 * cohort and the payback's running sums; a cost in a coin without closes blank with its reason, never 0.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeCostsDetail } from "@/lib/campaign-costs/code-detail";
import { inviteCodeReturns } from "@/lib/campaign-costs/returns";
import { campaignCostsVersion, printedCampaignReturns } from "@/lib/campaign-costs/printed";
import { createCost, deleteCost, listCosts, updateCost } from "@/lib/campaign-costs/store";
import { createDb, type DbHandle } from "@/lib/db/client";
import { syncState } from "@/lib/db/schema";
import { parseReportFilters } from "@/lib/reports/filters";
import { scopeFromFilters } from "@/lib/share/scope";
import { commissionSources } from "@/lib/reports/sync-sources";
import type { RunningSandbox } from "@/lib/sandbox";
import { syncConnection } from "@/lib/sync/engine";
import { rawCloses } from "../support/candles";
import { clientFor, startTestSandbox } from "../support/exchange";
import { loadCommissions, loadInvitees } from "../support/warehouse";

const DAY = 86_400_000;
const Exact = Decimal.clone({ precision: 1000 });
const clock = Math.floor(Date.now() / DAY) * DAY + 9.5 * 3_600_000;
const now = () => clock;
const today = Math.floor(clock / DAY) * DAY;
const through = today - DAY; // the sync read up to a moment of today: yesterday is the last whole day
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const from = today - 150 * DAY;
const to = today - 30 * DAY + DAY - 1;
const actor = { email: "analyst@example.com" };

let sandbox: RunningSandbox;
let handle: DbHandle;
let closes: Map<number, string>;
beforeAll(async () => {
  sandbox = await startTestSandbox({ days: 200, invitees: 300, budget: 1_000_000, now });
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", sandbox.world.affiliate, clock);
  await loadInvitees(handle.db, "c1", sandbox.world.affiliate, clock);
  const synced = await syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "c1", now, reports: ["prices"] });
  expect(synced.reports.filter((r) => r.error)).toEqual([]);
  await handle.db.insert(syncState).values(commissionSources().map((report) => ({ connectionId: "c1", report, coveredFrom: today - 200 * DAY, coveredTo: clock, backfillDone: true })));
  closes = await rawCloses(sandbox, "BTCUSDT", "1d", today - 210 * DAY, clock);
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await sandbox?.close();
});

/** The truth: a set of invitees' own commission items since each one's sign-up day through `through`, valued. */
function commissionTruth(uids: ReadonlyMap<string, number>, until: number = through): Decimal {
  let sum = new Exact(0);
  for (const i of sandbox.world.affiliate.commissionItems(clock)) {
    const signup = uids.get(i.uid);
    if (signup === undefined || i.date < Math.floor(signup / DAY) * DAY || i.date > until) continue;
    sum = sum.plus(new Exact(i.commission).times(i.coin === "USDT" ? 1 : closes.get(i.date)!));
  }
  return sum;
}

describe("campaign costs and return", () => {
  it("Invite codes' figures equal the world's raw items and candles: cost, per sign-up/deposit/trade, commission since sign-up, return", async () => {
    const users = sandbox.world.affiliate.invitedUsers(clock);
    const inRange = users.filter((u) => u.registerTime >= from && u.registerTime <= to);
    const counts = new Map<string, number>();
    for (const u of inRange) counts.set(u.inviteCode, (counts.get(u.inviteCode) ?? 0) + 1);
    const code = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const cohort = inRange.filter((u) => u.inviteCode === code);
    const other = [...counts.keys()].find((c) => c !== code)!;

    const btcDay = from + 10 * DAY;
    await createCost(handle.db, "c1", code, { day: iso(from + 5 * DAY), amount: "500", coin: "USDT", note: "launch" }, actor, new Date(clock));
    await createCost(handle.db, "c1", code, { day: iso(btcDay), amount: "0.01", coin: "BTC", note: "" }, actor, new Date(clock));
    // Outside the view's days: on the code's page, not in this view's cost.
    await createCost(handle.db, "c1", code, { day: iso(today - 5 * DAY), amount: "100", coin: "USDT", note: "later" }, actor, new Date(clock));
    // A coin whose closes the app does not hold: blank with the reason, never 0.
    await createCost(handle.db, "c1", other, { day: iso(from + 3 * DAY), amount: "2", coin: "ETH", note: "" }, actor, new Date(clock));

    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}`), new Date(clock));
    const answer = await inviteCodeReturns(handle.db, "c1", filters);
    expect(answer.through).toBe(iso(through));
    expect(answer.partial).toBe(false);
    const row = answer.rows.find((r) => r.inviteCode === code)!;
    const cost = new Exact(500).plus(new Exact("0.01").times(closes.get(btcDay)!));
    const traded = cohort.filter((u) => u.firstTrade !== null).length;
    const deposited = cohort.filter((u) => u.firstDeposit !== null).length;
    expect([row.signups, row.deposited, row.traded]).toEqual([cohort.length, deposited, traded]);
    expect(new Exact(row.cost.value!).toFixed()).toBe(cost.toFixed());
    expect(row.costPerSignup.value).toBe(cost.div(cohort.length).toDecimalPlaces(8).toFixed());
    expect(row.costPerDeposit.value).toBe(cost.div(deposited).toDecimalPlaces(8).toFixed());
    expect(traded).toBeGreaterThan(0);
    expect(row.costPerTrade.value).toBe(cost.div(traded).toDecimalPlaces(8).toFixed());
    const earned = commissionTruth(new Map(cohort.map((u) => [u.uid, u.registerTime])));
    expect(earned.gt(0)).toBe(true);
    expect(new Exact(row.commission.value!).toFixed()).toBe(earned.toFixed());
    expect(row.returnRatio.value).toBe(earned.div(cost).toDecimalPlaces(6).toFixed());

    const unvalued = answer.rows.find((r) => r.inviteCode === other)!;
    expect(unvalued.cost).toEqual({ value: null, blank: expect.stringContaining("ETH") });
    expect(unvalued.returnRatio.value).toBeNull();
    expect(unvalued.costPerTrade.value).toBeNull();
    // A code without a cost: blank in words, not 0.
    const third = answer.rows.find((r) => r.inviteCode !== code && r.inviteCode !== other);
    if (third) expect(third.returnRatio).toEqual({ value: null, blank: "no cost entered" });
  });

  it("a code's page: return by sign-up cohort and the payback's running sums equal the raw items and candles", async () => {
    const users = sandbox.world.affiliate.invitedUsers(clock);
    const code = (await handle.db.query.campaignCosts.findFirst({ where: (c, { eq }) => eq(c.coin, "BTC") }))!.inviteCode;
    const detail = await codeCostsDetail(handle.db, "c1", code);
    expect(detail.costs.map((c) => c.amount)).toEqual(["500", "0.01", "100"]);
    const mine = users.filter((u) => u.inviteCode === code);
    // The payback starts on the first cost's day and counts the invitees who signed up from that day on: those who came
    // before any spend are not the campaign's.
    const firstCost = from + 5 * DAY;
    expect(detail.payback[0]!.day).toBe(iso(firstCost));
    expect(detail.payback[0]!.cost).toBe("500");
    const campaign = new Map(mine.filter((u) => u.registerTime >= firstCost).map((u) => [u.uid, u.registerTime]));
    expect(campaign.size).toBeGreaterThan(0);
    expect(campaign.size).toBeLessThan(mine.length); // some came before: the figure below leaves them out
    // The payback's last day: every cost, and the campaign's invitees' commission since sign-up through the last whole day.
    const last = detail.payback.at(-1)!;
    expect(last.day).toBe(iso(through));
    const allCost = new Exact(600).plus(new Exact("0.01").times(closes.get(from + 10 * DAY)!));
    expect(new Exact(last.cost!).toFixed()).toBe(allCost.toFixed());
    expect(new Exact(last.commission!).toFixed()).toBe(commissionTruth(campaign).toFixed());
    // A mid-chart day: commission through that day only.
    const mid = detail.payback[Math.floor(detail.payback.length / 2)]!;
    const midDay = Date.parse(`${mid.day}T00:00:00Z`);
    expect(new Exact(mid.commission!).toFixed()).toBe(commissionTruth(campaign, midDay).toFixed());

    // The cohort of the month of the first cost: that month's costs, its sign-ups' commission through each month's end.
    const month = iso(from + 5 * DAY).slice(0, 7);
    const row = detail.cohorts.find((c) => c.cohort === month)!;
    const inMonth = mine.filter((u) => iso(u.registerTime).slice(0, 7) === month);
    expect(row.signups).toBe(inMonth.length);
    const monthCost = [[from + 5 * DAY, new Exact(500)], [from + 10 * DAY, new Exact("0.01").times(closes.get(from + 10 * DAY)!)]]
      .filter(([d]) => iso(d as number).slice(0, 7) === month)
      .reduce((s, [, v]) => s.plus(v as Decimal), new Exact(0));
    expect(new Exact(row.cost.value!).toFixed()).toBe(monthCost.toFixed());
    const firstEnd = row.months[0]!;
    const [y, m] = firstEnd.month.split("-").map(Number) as [number, number];
    const monthEnd = Math.min(Date.UTC(y, m, 1) - DAY, through);
    const earned = commissionTruth(new Map(inMonth.map((u) => [u.uid, u.registerTime])), monthEnd);
    expect(new Exact(firstEnd.commission.value!).toFixed()).toBe(earned.toFixed());
    expect(firstEnd.returnRatio.value).toBe(earned.div(monthCost).toDecimalPlaces(6).toFixed());
    const lastMonth = row.months.at(-1)!;
    expect(lastMonth.month).toBe(iso(through).slice(0, 7));
    expect(new Exact(lastMonth.commission.value!).toFixed()).toBe(commissionTruth(new Map(inMonth.map((u) => [u.uid, u.registerTime]))).toFixed());
  });

  it("an edit of a cost's coin and day values it anew: at the new coin's close of the new day, or out of a view it left", async () => {
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}`), new Date(clock));
    const eth = (await handle.db.query.campaignCosts.findFirst({ where: (c, { eq }) => eq(c.coin, "ETH") }))!;
    const before = (await inviteCodeReturns(handle.db, "c1", filters)).rows.find((r) => r.inviteCode === eth.inviteCode)!;
    expect(before.cost.value).toBeNull();
    // ETH (no closes held) → BTC on another day of the view: 2 BTC at that day's close, from the raw candles.
    const newDay = from + 40 * DAY;
    expect(closes.get(newDay)).not.toBe(closes.get(from + 3 * DAY));
    await updateCost(handle.db, "c1", eth.inviteCode, eth.id, { coin: "BTC", day: iso(newDay) }, actor, new Date(clock));
    const edited = (await inviteCodeReturns(handle.db, "c1", filters)).rows.find((r) => r.inviteCode === eth.inviteCode)!;
    const cost = new Exact(2).times(closes.get(newDay)!);
    expect(new Exact(edited.cost.value!).toFixed()).toBe(cost.toFixed());
    expect(edited.costPerSignup.value).toBe(cost.div(edited.signups).toDecimalPlaces(8).toFixed());
    // Moved to a day after the view's end: the view has no cost for the code (blank in words, never 0); the page keeps it.
    await updateCost(handle.db, "c1", eth.inviteCode, eth.id, { day: iso(today - 2 * DAY) }, actor, new Date(clock));
    const moved = (await inviteCodeReturns(handle.db, "c1", filters)).rows.find((r) => r.inviteCode === eth.inviteCode)!;
    expect(moved.cost).toEqual({ value: null, blank: "no cost entered" });
    expect((await listCosts(handle.db, "c1", eth.inviteCode)).map((c) => [c.day, c.amount, c.coin])).toEqual([[iso(today - 2 * DAY), "2", "BTC"]]);
  });

  it("the app's PDF of Invite codes (an internal link) prints the view's figures, any other link none; a cost change is another PDF", async () => {
    const filters = parseReportFilters(new URLSearchParams(`range=custom&from=${iso(from)}&to=${iso(to)}`), new Date(clock));
    const scope = scopeFromFilters(filters);
    const at = new Date(clock);
    // The figures the first test checked against the raw items and candles, for the link's scope.
    const printed = await printedCampaignReturns(handle.db, { internal: true, connectionId: "c1" }, "invite-codes", scope, at);
    expect(printed).toEqual(await inviteCodeReturns(handle.db, "c1", filters));
    expect(printed!.rows.some((r) => r.cost.value !== null)).toBe(true);
    // A link a person holds, or another report's PDF: nothing read, nothing handed to the page.
    expect(await printedCampaignReturns(handle.db, { internal: false, connectionId: "c1" }, "invite-codes", scope, at)).toBeUndefined();
    expect(await printedCampaignReturns(handle.db, { internal: true, connectionId: "c1" }, "overview", scope, at)).toBeUndefined();

    const first = await campaignCostsVersion(handle.db, "c1");
    const made = await createCost(handle.db, "c1", "PDFTEST", { day: iso(from), amount: "1", coin: "USDT", note: "" }, actor, at);
    const created = await campaignCostsVersion(handle.db, "c1");
    await updateCost(handle.db, "c1", "PDFTEST", made.id, { amount: "2" }, actor, new Date(clock + 1));
    const edited = await campaignCostsVersion(handle.db, "c1");
    await deleteCost(handle.db, "c1", "PDFTEST", made.id, actor, new Date(clock + 2));
    const deleted = await campaignCostsVersion(handle.db, "c1");
    expect(new Set([first, created, edited, deleted]).size).toBe(4);
    expect(await campaignCostsVersion(handle.db, "another")).toBe("none");
  });
});
