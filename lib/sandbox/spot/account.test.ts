import { describe, expect, it } from "vitest";
import { Dec } from "../market/decimal";
import { createSpotAccount } from "./account";
import { accountViolations, reservations } from "./invariants";
import type { SpotAccountOptions } from "./types";

const CREATED = Date.UTC(2025, 4, 20, 9, 30);
const OPTS: SpotAccountOptions = { seed: 42, uid: "7012345678", createdAt: CREATED, days: 90, batchEnabled: true };

describe("createSpotAccount", () => {
  const account = createSpotAccount(OPTS);

  it("is deterministic: same options, identical data; another seed, other data", () => {
    const again = createSpotAccount({ ...OPTS });
    expect(again.orders()).toEqual(account.orders());
    expect(again.bills({ limit: 1e9 })).toEqual(account.bills({ limit: 1e9 }));
    expect(again.fundingBills({ pageIndex: 1, pageSize: 1e9 })).toEqual(account.fundingBills({ pageIndex: 1, pageSize: 1e9 }));
    expect(again.account(CREATED)).toEqual(account.account(CREATED));
    const other = createSpotAccount({ ...OPTS, seed: 43 });
    expect(other.orders()).not.toEqual(account.orders());
  });

  it("has the default scale: hundreds of orders, 1-2 thousand bills, hundreds of funding bills", () => {
    expect(account.orders().length).toBeGreaterThan(200);
    expect(account.orders().length).toBeLessThan(1000);
    const bills = account.bills({ limit: 1e9 }).length;
    expect(bills).toBeGreaterThan(800);
    expect(bills).toBeLessThan(2500);
    const funding = account.fundingBills({ pageIndex: 1, pageSize: 10 }).total;
    expect(funding).toBeGreaterThan(150);
    expect(funding).toBeLessThan(600);
  });

  it("reports every field of the account object", () => {
    const info = account.account(CREATED);
    expect(Object.keys(info).sort()).toEqual(
      [
        "makerCommission", "takerCommission", "commissionRates", "canTrade", "canWithdraw", "canDeposit", "brokered",
        "requireSelfTradePrevention", "preventSor", "updateTime", "accountType", "balances", "permissions", "uid",
        "symbolCommissions",
      ].sort(),
    );
    expect(info.makerCommission).toBe(10);
    expect(info.takerCommission).toBe(10);
    expect(info.commissionRates).toEqual({ maker: "0.001", taker: "0.001" });
    expect(info.permissions).toEqual(["SPOT"]);
    expect(info.accountType).toBe("SPOT");
    expect(info.uid).toBe("7012345678");
    expect(info.updateTime).toBeLessThan(CREATED);
    expect(info.updateTime).toBeGreaterThan(CREATED - 90 * 86_400_000);
    expect(info.balances.slice(0, 4).map((b) => b.asset)).toEqual(["USDT", "BTC", "ETH", "SOL"]);
    for (const b of info.balances) {
      expect(b.free).toMatch(/^\d+(\.\d+)?$/);
      expect(b.locked).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(new Dec(info.balances[0]?.free ?? "0").gt(0)).toBe(true);
  });

  it("locks exactly what open orders reserve", () => {
    const reserved = reservations(account.orders());
    expect(reserved.size).toBeGreaterThan(0);
    for (const b of account.account(CREATED).balances) {
      expect(new Dec(b.locked).eq(reserved.get(b.asset) ?? 0), b.asset).toBe(true);
    }
  });

  for (const seed of [1, 42, 2024]) {
    it(`is consistent throughout (seed ${seed})`, () => {
      const a = seed === 42 ? account : createSpotAccount({ ...OPTS, seed });
      expect(accountViolations(a, CREATED)).toEqual([]);
    });
  }

  it("works for a short history", () => {
    const a = createSpotAccount({ ...OPTS, days: 3 });
    expect(accountViolations(a, CREATED)).toEqual([]);
    expect(a.orders().every((o) => o.time >= CREATED - 3 * 86_400_000 && o.updateTime < CREATED)).toBe(true);
  });
});
