/** Invariants of the sandbox's data, checked from what the API answers (not from the generator's internals). */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import type { WeexClient } from "../../lib/weex/client";
import { collect, paginateRange } from "../../lib/weex/paging";
import { clientFor, startTestSandbox } from "../support/exchange";

let sandbox: RunningSandbox;
let client: WeexClient;
const DAY = 86_400_000;

beforeAll(async () => {
  sandbox = await startTestSandbox({ budget: 1_000_000 });
  client = clientFor(sandbox);
});
afterAll(() => sandbox.close());

describe("commission items", () => {
  it("commission = fee × rate exactly, for every item of the whole history", async () => {
    const end = Date.now();
    const start = end - (sandbox.options.days + 1) * DAY;
    let count = 0;
    for (const productType of ["SPOT", "FUTURES"] as const) {
      for await (const page of paginateRange(client, "getAffiliateCommission", { productType, pageSize: 500 }, { startTime: start, endTime: end })) {
        for (const item of page.items) {
          count++;
          expect(new Decimal(item.fee).times(item.rate).equals(item.commission), `${item.uid} ${item.date} ${item.symbol}`).toBe(true);
          expect([1, 2]).toContain(item.sourceType);
          expect(new Decimal(item.takerAmount).gte(0) && new Decimal(item.makerAmount).gte(0)).toBe(true);
        }
      }
    }
    expect(count).toBeGreaterThan(1_000);
  });

  it("a user's trade-and-asset commission equals the sum of their USDT commission items over the same range", async () => {
    const end = Date.now();
    const start = end - 80 * DAY;
    const tradeAndAsset = await collect(client, "getChannelUserTradeAndAsset", { startTime: start, endTime: end });
    const active = tradeAndAsset.filter((r) => !new Decimal(r.commission).isZero()).slice(0, 12);
    expect(active.length).toBeGreaterThan(3);
    for (const row of active) {
      let commission = new Decimal(0);
      let spot = new Decimal(0);
      let futures = new Decimal(0);
      for (const productType of ["SPOT", "FUTURES"] as const) {
        const items = await collect(client, "getAffiliateCommission", { uid: row.uid, productType, startTime: start, endTime: end });
        for (const item of items) {
          if (item.coin === "USDT") commission = commission.plus(item.commission);
          const volume = new Decimal(item.takerAmount).plus(item.makerAmount);
          if (productType === "SPOT") spot = spot.plus(volume);
          else futures = futures.plus(volume);
        }
      }
      expect(commission.equals(row.commission), `commission of ${row.uid}`).toBe(true);
      expect(spot.equals(row.spotTradingAmount), `spot volume of ${row.uid}`).toBe(true);
      expect(futures.equals(row.futuresTradingAmount), `futures volume of ${row.uid}`).toBe(true);
    }
  });

  it("invited users: milestones in a plausible order", async () => {
    const users = await collect(client, "getAffiliateUIDs", {});
    for (const u of users) {
      if (u.firstDeposit !== null) expect(u.firstDeposit).toBeGreaterThanOrEqual(u.registerTime);
      if (u.firstTrade !== null) expect(u.firstTrade).toBeGreaterThanOrEqual(u.registerTime);
      if (u.lastDeposit !== null) expect(u.lastDeposit).toBeGreaterThanOrEqual(u.firstDeposit ?? 0);
      if (u.lastTrade !== null) expect(u.lastTrade).toBeGreaterThanOrEqual(u.firstTrade ?? 0);
    }
  });
});

describe("orders and balances", () => {
  it("spot orders: status, isWorking and executedQty agree", async () => {
    const orders = await client.call("spotAllOrders", { symbol: "ETHUSDT", limit: 1000 });
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(["NEW", "PARTIALLY_FILLED", "FILLED", "CANCELED"]));
    for (const o of orders) {
      const executed = new Decimal(o.executedQty);
      const orig = new Decimal(o.origQty);
      if (o.status === "NEW") expect(o.isWorking && executed.isZero()).toBe(true);
      if (o.status === "PARTIALLY_FILLED") expect(o.isWorking && executed.gt(0) && executed.lt(orig)).toBe(true);
      if (o.status === "FILLED") expect(!o.isWorking && executed.equals(orig)).toBe(true);
      if (o.status === "CANCELED") expect(o.isWorking).toBe(false);
      expect(executed.times(o.price).equals(o.cummulativeQuoteQty)).toBe(true);
      expect(o.updateTime).toBeGreaterThanOrEqual(o.time);
    }
  });

  it("bills: afterAmount = previous afterAmount + deltaAmount per coin, ending at the account's balance", async () => {
    const bills = (await collect(client, "accountBills", { limit: 100 })).reverse(); // oldest first
    const running = new Map<string, Decimal>();
    for (const b of bills) {
      const next = (running.get(b.coinName) ?? new Decimal(0)).plus(b.deltaAmount);
      expect(next.equals(b.afterAmount), `bill ${b.billId}`).toBe(true);
      running.set(b.coinName, next);
    }
    const account = await client.call("account");
    for (const balance of account.balances) {
      const total = new Decimal(balance.free).plus(balance.locked);
      expect(total.equals(running.get(balance.asset) ?? 0), balance.asset).toBe(true);
    }
  });

  it("funding bills: running balances add up", async () => {
    const items = (await collect(client, "fundingBills", { pageSize: 100 })).reverse();
    const running = new Map<string, Decimal>();
    for (const b of items) {
      const next = (running.get(b.coinName) ?? new Decimal(0)).plus(b.deltaAmount);
      expect(next.equals(b.afterAmount), `funding bill ${b.billId}`).toBe(true);
      running.set(b.coinName, next);
    }
  });
});
