/**
 * A hostile exchange's answers, one call at a time: the sandbox behind a proxy of our own (loopback) that changes them
 * on their way. Every money field of every affiliate and account answer refuses NaN, Infinity, exponents, empty,
 * padded, hex and huge amounts; ids must be digits and days days; a live read held past its deadline ends within it,
 * spending at most twice the endpoint's weight. The sync under such faults: hostile-exchange.test.ts.
 */
import { describe, expect, it } from "vitest";
import { liveCallOptions } from "@/lib/exchange/settings";
import { utcDay } from "@/lib/sync/windows";
import { matchEndpoint } from "@/lib/weex/endpoints";
import { isWeexError } from "@/lib/weex/errors";
import { hostileExchangeSuite, listOf, PATHS } from "../support/hostile-exchange";

const clock = utcDay(Date.now()) + 12 * 3_600_000;
const ex = hostileExchangeSuite(() => clock);

describe("every amount and id is checked against the interface's grammar before anything is stored", () => {
  const BAD_AMOUNTS = ["NaN", "Infinity", "-Infinity", "1e5", "", " 1", "0x10", `1${"0".repeat(40)}`];
  const MONEY: Array<{ path: string; field: string; params: Record<string, unknown>; call: Parameters<ReturnType<typeof ex.client>["call"]>[0]; amounts: string[] }> = [
    { path: PATHS.commission, field: "channelCommissionInfoItems", call: "getAffiliateCommission", params: { productType: "SPOT" }, amounts: ["fee", "commission", "rate", "takerAmount", "makerAmount"] },
    { path: PATHS.subs, field: "records", call: "querySubChannelTransactions", params: { productType: "FUTURES" }, amounts: ["tradingVolume", "netTradingFee", "paidCommission"] },
    { path: PATHS.trade, field: "records", call: "getChannelUserTradeAndAsset", params: {}, amounts: ["depositAmount", "withdrawalAmount", "spotTradingAmount", "futuresTradingAmount", "commission"] },
    { path: PATHS.account, field: "balances", call: "account", params: {}, amounts: ["free", "locked"] },
  ];

  it("refuses NaN, Infinity, exponents, empty, padded, hex and huge amounts in every money field of every affiliate and account answer", async () => {
    const c = ex.client();
    let refusals = 0;
    for (const m of MONEY) {
      for (const amount of m.amounts) {
        for (const value of BAD_AMOUNTS) {
          ex.fault = (request, answer) => {
            const rows = request.path === m.path ? listOf(answer, m.field) : [];
            if (rows[0]) rows[0][amount] = value;
            return rows[0] ? answer : undefined;
          };
          const error = await c.call(m.call, m.params as never).then(() => null, (e: unknown) => e);
          expect(isWeexError(error) && error.kind, `${m.call}.${amount} = ${JSON.stringify(value)}`).toBe("invalid-response");
          expect(isWeexError(error) && error.msg).toContain(amount);
          refusals++;
        }
      }
    }
    ex.fault = null;
    expect(refusals).toBe(15 * BAD_AMOUNTS.length);
    // The faithful answers pass: the grammar refuses only what the interface does not send.
    for (const m of MONEY) await expect(c.call(m.call, m.params as never)).resolves.toBeDefined();
  });

  it("refuses a uid that is not digits and a sub-affiliate day that is not a day", async () => {
    const c = ex.client();
    for (const [path, field, key, value, call, params] of [
      [PATHS.invitees, "channelUserInfoItemList", "uid", "../../etc/passwd", "getAffiliateUIDs", {}],
      [PATHS.commission, "channelCommissionInfoItems", "uid", "12 34", "getAffiliateCommission", { productType: "SPOT" }],
      [PATHS.subs, "records", "date", "2026-13-45T00:00", "querySubChannelTransactions", { productType: "SPOT" }],
    ] as const) {
      ex.fault = (request, answer) => {
        const rows = request.path === path ? listOf(answer, field) : [];
        if (rows[0]) rows[0][key] = value;
        return rows[0] ? answer : undefined;
      };
      const error = await c.call(call, params as never).then(() => null, (e: unknown) => e);
      expect(isWeexError(error) && error.msg, `${call}.${key}`).toMatch(new RegExp(`${key}: not an? (id|day)`));
    }
    ex.fault = null;
  });
});

describe("a live read under a slow exchange", () => {
  it("answers within its one deadline (budget wait, attempts and retries together), spending at most twice the endpoint's weight", async () => {
    const options = liveCallOptions();
    expect(options.deadlineMs).toBe(8_000);
    // Every answer held longer than a whole attempt (10 s) takes.
    ex.fault = () => new Promise((resolve) => setTimeout(() => resolve(undefined), 12_000));
    const from = ex.proxy.sent.length;
    const started = Date.now();
    const error = await ex.client()
      .call("account", {}, options)
      .then(() => null, (e: unknown) => e);
    const took = Date.now() - started;
    ex.fault = null;
    expect(isWeexError(error) && error.msg).toBe("request timed out");
    expect(took).toBeGreaterThanOrEqual(7_500);
    expect(took).toBeLessThan(9_000);
    // The clock sync's exchangeInfo and the account read share the deadline: no attempt is repeated past it.
    const sent = ex.proxy.sent.slice(from);
    const weight = sent.reduce((sum, r) => sum + r.weight, 0);
    const most = Math.max(...sent.map((r) => matchEndpoint("GET", r.path).endpoint?.weight.ip ?? 0));
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(weight).toBeLessThanOrEqual(2 * most);
  }, 20_000);
});
