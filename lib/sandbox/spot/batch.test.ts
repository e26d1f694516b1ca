import { describe, expect, it } from "vitest";
import { spotPriceAt } from "../data/price-walk";
import { Dec, floorToStep } from "../market/decimal";
import { createSpotAccount } from "./account";
import { SpotRequestError, validateBatch } from "./batch";
import { accountViolations } from "./invariants";
import type { BatchElement, SpotAccountOptions } from "./types";

const CREATED = Date.UTC(2025, 4, 20, 9, 30);
const NOW = CREATED + 3_600_000;
const OPTS: SpotAccountOptions = { seed: 5, uid: "99", createdAt: CREATED, days: 90, batchEnabled: true };

function balance(account: ReturnType<typeof createSpotAccount>, asset: string): { free: Dec; locked: Dec } {
  const b = account.account(NOW).balances.find((x) => x.asset === asset)!;
  return { free: new Dec(b.free), locked: new Dec(b.locked) };
}

describe("placeBatch", () => {
  it("places what is funded and refuses the rest with INSUFFICIENT_BALANCE, element by element", () => {
    const account = createSpotAccount(OPTS);
    const ordersBefore = account.orders().length;
    const billsBefore = account.bills({ limit: 1e9 }).length;
    const usdt0 = balance(account, "USDT");
    const btc0 = balance(account, "BTC");
    const market = new Dec(spotPriceAt(OPTS.seed, "BTCUSDT", NOW));
    const limitPrice = floorToStep(market.times("0.9"), "0.1");
    const bigQty = floorToStep(usdt0.free.times("0.6").div(limitPrice), "0.00001");
    const smallQty = "0.00100";

    const list: BatchElement[] = [
      { side: "BUY", type: "LIMIT", timeInForce: "GTC", price: limitPrice.toFixed(1), quantity: bigQty.toFixed(5), newClientOrderId: "first-buy" },
      { side: "BUY", type: "LIMIT", timeInForce: "GTC", price: limitPrice.toFixed(1), quantity: bigQty.toFixed(5), newClientOrderId: "second-buy" },
      { side: "BUY", type: "MARKET", quantity: smallQty },
      { side: "SELL", type: "MARKET", quantity: btc0.free.plus(1).toFixed(5), newClientOrderId: "too-much-btc" },
      { side: "BUY", type: "LIMIT", timeInForce: "IOC", price: limitPrice.toFixed(1), quantity: smallQty, newClientOrderId: "ioc-away" },
    ];
    const results = account.placeBatch("BTCUSDT", list, NOW);
    expect(results).toHaveLength(5);

    const [r0, r1, r2, r3, r4] = results;
    expect(r0).toEqual({ symbol: "BTCUSDT", orderId: expect.any(BigInt), clientOrderId: "first-buy", transactTime: NOW });
    expect(r1).toEqual({ symbol: "BTCUSDT", clientOrderId: "second-buy", errorCode: "INSUFFICIENT_BALANCE", errorMsg: "insufficient balance" });
    expect(r1).not.toHaveProperty("orderId");
    expect(r2).toMatchObject({ symbol: "BTCUSDT", transactTime: NOW });
    expect(r2 && "orderId" in r2).toBe(true);
    expect(r2?.clientOrderId).toMatch(/^sbx-[a-z0-9]{16}$/);
    expect(r3).toEqual({ symbol: "BTCUSDT", clientOrderId: "too-much-btc", errorCode: "INSUFFICIENT_BALANCE", errorMsg: "insufficient balance" });
    expect(r4 && "orderId" in r4).toBe(true);

    // Orders: a resting NEW limit, a FILLED market at the walk's price, a CANCELED IOC.
    expect(account.orders().length).toBe(ordersBefore + 3);
    const limit = account.findOrder({ origClientOrderId: "first-buy" })!;
    expect(limit).toMatchObject({ status: "NEW", isWorking: true, type: "LIMIT", side: "BUY", time: NOW, updateTime: NOW, price: limitPrice.toFixed(1), origQty: bigQty.toFixed(5) });
    expect(new Dec(limit.executedQty).isZero()).toBe(true);
    expect(account.openOrders("BTCUSDT")).toContain(limit);
    const mkt = account.findOrder({ orderId: (r2 as { orderId: bigint }).orderId })!;
    expect(mkt).toMatchObject({ status: "FILLED", isWorking: false, type: "MARKET", price: market.toFixed(1), executedQty: smallQty });
    const ioc = account.findOrder({ origClientOrderId: "ioc-away" })!;
    expect(ioc).toMatchObject({ status: "CANCELED", isWorking: false, timeInForce: "IOC" });
    for (const r of [r0, r2, r4]) expect((r as { orderId: bigint }).orderId > account.orders()[ordersBefore - 1]!.orderId).toBe(true);

    // Balances: the limit reserves price x qty; the market buy pays qty x price and receives qty less the fee.
    const cost = market.times(smallQty);
    const usdt1 = balance(account, "USDT");
    const btc1 = balance(account, "BTC");
    expect(usdt1.locked.eq(usdt0.locked.plus(limitPrice.times(bigQty)))).toBe(true);
    expect(usdt1.free.eq(usdt0.free.minus(limitPrice.times(bigQty)).minus(cost))).toBe(true);
    expect(btc1.free.eq(btc0.free.plus(new Dec(smallQty).times("0.999")))).toBe(true);
    expect(btc1.locked.eq(btc0.locked)).toBe(true);
    expect(account.account(NOW).updateTime).toBe(NOW);

    // Bills: one trade_out (USDT) and one trade_in (BTC) for the market fill, at NOW, newest first.
    const bills = account.bills({ limit: 1e9 });
    expect(bills.length).toBe(billsBefore + 2);
    const [tradeIn, tradeOut] = bills;
    expect(tradeIn).toMatchObject({ coinName: "BTC", bizType: "trade_in", fillSize: smallQty, fees: "0.000001", cTime: String(NOW) });
    expect(tradeOut).toMatchObject({ coinName: "USDT", bizType: "trade_out", deltaAmount: cost.neg().toFixed(), fees: "0", cTime: String(NOW) });
    expect(new Dec(tradeOut!.fillValue).eq(cost)).toBe(true);

    expect(accountViolations(account, NOW)).toEqual([]);
  });

  it("sells the base asset at market and fills a marketable IOC at its limit price", () => {
    const account = createSpotAccount(OPTS);
    const btc0 = balance(account, "BTC");
    const usdt0 = balance(account, "USDT");
    const market = new Dec(spotPriceAt(OPTS.seed, "BTCUSDT", NOW));
    const sellQty = floorToStep(btc0.free.div(2), "0.00001");
    const iocPrice = floorToStep(market.times("1.01"), "0.1");
    const results = account.placeBatch(
      "BTCUSDT",
      [
        { side: "SELL", type: "MARKET", quantity: sellQty.toFixed(5) },
        { side: "BUY", type: "LIMIT", timeInForce: "FOK", price: iocPrice.toFixed(1), quantity: "0.00010" },
      ],
      NOW,
    );
    expect(results.every((r) => "orderId" in r)).toBe(true);
    const fok = account.findOrder({ orderId: (results[1] as { orderId: bigint }).orderId })!;
    expect(fok).toMatchObject({ status: "FILLED", price: iocPrice.toFixed(1), executedQty: "0.00010" });
    const proceeds = sellQty.times(market);
    const usdt1 = balance(account, "USDT");
    expect(usdt1.free.eq(usdt0.free.plus(proceeds.times("0.999")).minus(iocPrice.times("0.0001")))).toBe(true);
    expect(balance(account, "BTC").free.eq(btc0.free.minus(sellQty).plus("0.0000999"))).toBe(true);
    expect(accountViolations(account, NOW)).toEqual([]);
  });

  it("is refused when batch placement is disabled (-1150)", () => {
    const account = createSpotAccount({ ...OPTS, batchEnabled: false });
    const call = () => account.placeBatch("BTCUSDT", [{ side: "BUY", type: "MARKET", quantity: "0.001" }], NOW);
    expect(call).toThrow(SpotRequestError);
    try {
      call();
    } catch (e) {
      expect((e as SpotRequestError).code).toBe(-1150);
    }
  });

  it("refuses requests that break their symbol's rules as a whole (the interface's own rules are the endpoints table's)", () => {
    const ok: BatchElement = { side: "BUY", type: "LIMIT", timeInForce: "GTC", price: "60000.0", quantity: "0.001" };
    const code = (symbol: string, list: BatchElement[]) => validateBatch(symbol, list)?.code;
    expect(code("BTCUSDT", [ok])).toBeUndefined();
    expect(code("NOPEUSDT", [ok])).toBe(-2007);
    expect(code("BTCUSDT", [{ ...ok, price: "60000.05" }])).toBe(-1160);
    expect(code("BTCUSDT", [{ ...ok, quantity: "0.000001" }])).toBe(-1160);
    expect(code("BTCUSDT", [{ ...ok, quantity: "-1" }])).toBe(-1142);
    expect(code("BTCUSDT", [{ ...ok, quantity: "5000" }])).toBe(-1140);
    const account = createSpotAccount(OPTS);
    const before = account.orders().length;
    expect(() => account.placeBatch("BTCUSDT", [ok, { ...ok, price: "1.23" }], NOW)).toThrow(SpotRequestError);
    expect(account.orders().length).toBe(before);
  });
});
