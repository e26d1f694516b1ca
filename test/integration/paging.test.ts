/** The paging helpers walk every paging style of the table to the end, without gaps or duplicates. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import type { WeexClient } from "../../lib/weex/client";
import { collect, paginate, paginateRange, windowsFor } from "../../lib/weex/paging";
import { withinRange } from "../../lib/weex/time-range";
import { ENDPOINTS } from "../../lib/weex/endpoints";
import { clientFor, startTestSandbox } from "../support/exchange";

let sandbox: RunningSandbox;
let client: WeexClient;
const DAY = 86_400_000;

beforeAll(async () => {
  sandbox = await startTestSandbox({ budget: 1_000_000 });
  client = clientFor(sandbox);
});
afterAll(() => sandbox.close());

const keyOfItem = (r: { uid: string; date: number; coin: string; productType: string; symbol: string }) => `${r.uid}|${r.date}|${r.coin}|${r.productType}|${r.symbol}`;

describe("numbered pages", () => {
  it("commission (page/pageSize): all items of the window, each once, as the ground truth", async () => {
    const now = Date.now();
    const params = { productType: "FUTURES", startTime: now - 60 * DAY, endTime: now, pageSize: 50 } as const;
    const items = await collect(client, "getAffiliateCommission", params);
    const truth = sandbox.world.affiliate
      .commissionItems(sandbox.options.now())
      .filter((r) => r.productType === "FUTURES" && r.date >= params.startTime && r.date <= params.endTime);
    expect(items.length).toBe(truth.length);
    expect(new Set(items.map(keyOfItem)).size).toBe(items.length);
    expect(items.map(keyOfItem).sort()).toEqual(truth.map(keyOfItem).sort());
  });

  it("sub-affiliates (pageNum), invitees (page), trade & asset (page), allOrders (page/limit), funding bills (pageIndex, hasNextPage)", async () => {
    const subs = await collect(client, "querySubChannelTransactions", { productType: "SPOT", pageSize: 7 });
    expect(subs.length).toBe(sandbox.world.affiliate.subAffiliateRecords(sandbox.options.now()).filter((r) => r.productType === "SPOT").length);
    const invitees = await collect(client, "getAffiliateUIDs", { pageSize: 33 });
    expect(invitees.length).toBe(sandbox.world.affiliate.invitedUsers(sandbox.options.now()).length);
    expect(new Set(invitees.map((u) => u.uid)).size).toBe(invitees.length);
    const tradeAndAsset = await collect(client, "getChannelUserTradeAndAsset", { pageSize: 20 });
    expect(new Set(tradeAndAsset.map((r) => r.uid)).size).toBe(tradeAndAsset.length);
    const orders = await collect(client, "spotAllOrders", { symbol: "BTCUSDT", limit: 7 });
    const allAtOnce = await client.call("spotAllOrders", { symbol: "BTCUSDT", limit: 1000 });
    expect(orders.map((o) => o.orderId)).toEqual(allAtOnce.map((o) => o.orderId));
    let pages = 0;
    let funding = 0;
    for await (const page of paginate(client, "fundingBills", { pageSize: 25 })) {
      pages++;
      funding += page.items.length;
      expect(page.response.page).toBe(pages);
    }
    const first = await client.call("fundingBills", { pageSize: 25 });
    expect(funding).toBe(first.total);
    expect(pages).toBe(first.pages);
  });
});

describe("bill cursors", () => {
  it("walks back with `before` and forward with `after`, every bill once", async () => {
    const older = await collect(client, "accountBills", { limit: 40 });
    const ids = older.map((b) => BigInt(b.billId));
    expect(new Set(ids.map(String)).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! < ids[i - 1]!).toBe(true);
    const oldest = ids.at(-1)!;
    const newer = await collect(client, "accountBills", { limit: 40, after: (oldest - 1n).toString() }, { direction: "newer" });
    expect(new Set(newer.map((b) => b.billId))).toEqual(new Set(older.map((b) => b.billId)));
  });
});

describe("hasMore", () => {
  it("conditional order history: pages by narrowing the time window, nothing lost or repeated", async () => {
    const now = Date.now();
    const range = { startTime: now - 89 * DAY, endTime: now };
    const paged = await collect(client, "allAlgoOrders", { ...range, limit: 7 });
    const once = await client.call("allAlgoOrders", { ...range, limit: 1000 });
    expect(once.hasMore).toBe(false);
    expect(paged.map((o) => o.algoId).sort()).toEqual(once.orders.map((o) => o.algoId).sort());
  });
});

describe("time windows", () => {
  it("splits a year of commission into 3-month windows the endpoint accepts, newest first", async () => {
    const end = Date.now();
    const start = end - 365 * DAY;
    const windows = windowsFor("getAffiliateCommission", start, end);
    expect(windows.length).toBeGreaterThanOrEqual(4);
    for (const w of windows) expect(withinRange(ENDPOINTS.getAffiliateCommission.range, w.startTime, w.endTime)).toBe(true);
    expect(windowsFor("allAlgoOrders", start, end).length).toBe(5);
    const seen = new Set<string>();
    let firstWindowEnd = 0;
    for await (const page of paginateRange(client, "getAffiliateCommission", { productType: "SPOT", pageSize: 100 }, { startTime: start, endTime: end })) {
      firstWindowEnd ||= page.window.endTime;
      for (const item of page.items) seen.add(keyOfItem(item));
    }
    expect(firstWindowEnd).toBe(end);
    const truth = sandbox.world.affiliate.commissionItems(sandbox.options.now()).filter((r) => r.productType === "SPOT" && r.date >= start && r.date <= end);
    expect(seen.size).toBe(truth.length);
  });
});
