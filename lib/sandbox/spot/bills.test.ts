import { describe, expect, it } from "vitest";
import { Dec } from "../market/decimal";
import { createSpotAccount } from "./account";
import { runningBalanceViolations } from "./invariants";
import type { BillEntry } from "./types";

const CREATED = Date.UTC(2025, 4, 20, 9, 30);
const account = createSpotAccount({ seed: 11, uid: "1", createdAt: CREATED, days: 90, batchEnabled: false });
const all = account.bills({ limit: 1e9 });

function pageOlder(q: { coinId?: number; bizType?: string; limit: number }): BillEntry[] {
  const out: BillEntry[] = [];
  let before: bigint | undefined;
  for (;;) {
    const page = account.bills({ ...q, before });
    expect(page.length).toBeLessThanOrEqual(q.limit);
    if (page.length === 0) return out;
    out.push(...page);
    before = BigInt(page[page.length - 1]!.billId);
  }
}

function pageNewer(q: { coinId?: number; bizType?: string; limit: number }): BillEntry[] {
  const out: BillEntry[] = [];
  let after = 0n;
  for (;;) {
    const page = account.bills({ ...q, after });
    if (page.length === 0) return out;
    out.unshift(...page);
    after = BigInt(page[0]!.billId);
  }
}

describe("spot bills", () => {
  it("are newest first with every bizType and consistent running balances", () => {
    expect(new Set(all.map((b) => b.bizType))).toEqual(new Set(["deposit", "withdraw", "trade_in", "trade_out", "transfer_in", "transfer_out"]));
    expect(runningBalanceViolations(all).errors).toEqual([]);
    const ids = all.map((b) => BigInt(b.billId));
    for (let i = 1; i < ids.length; i++) expect(ids[i - 1]! > ids[i]!).toBe(true);
  });

  it("end at the account's totals", () => {
    const { finals } = runningBalanceViolations(all);
    for (const b of account.account(CREATED).balances) {
      expect(new Dec(b.free).plus(b.locked).eq(finals.get(b.asset) ?? 0), b.asset).toBe(true);
    }
  });

  it("carry fills on trade bills only, fees as decimal strings", () => {
    for (const b of all) {
      expect(Number.isInteger(b.coinId)).toBe(true);
      expect(b.fees).toMatch(/^\d+(\.\d+)?$/);
      if (b.bizType === "trade_in" || b.bizType === "trade_out") {
        expect(new Dec(b.fillSize).gt(0)).toBe(true);
        expect(new Dec(b.fillValue).gt(0)).toBe(true);
      } else {
        expect([b.fillSize, b.fillValue]).toEqual(["0", "0"]);
      }
      if (b.bizType === "trade_in") expect(new Dec(b.fees).gt(0)).toBe(true);
      if (b.bizType === "withdraw") expect(new Dec(b.deltaAmount).lt(0)).toBe(true);
    }
  });

  it("limit the newest page", () => {
    expect(account.bills({ limit: 10 })).toEqual(all.slice(0, 10));
  });

  for (const limit of [1, 37, 100]) {
    it(`page with before and after cursors exhaustively, without duplicates (limit ${limit})`, () => {
      expect(pageOlder({ limit })).toEqual(all);
      expect(pageNewer({ limit })).toEqual(all);
    });
  }

  it("filter by coinId and bizType before paging", () => {
    const usdt = all.filter((b) => b.coinId === 2);
    expect(usdt.length).toBeGreaterThan(0);
    expect(pageOlder({ coinId: 2, limit: 50 })).toEqual(usdt);
    expect(pageNewer({ coinId: 2, limit: 50 })).toEqual(usdt);
    const trades = all.filter((b) => b.bizType === "trade_in");
    expect(pageOlder({ bizType: "trade_in", limit: 100 })).toEqual(trades);
    expect(account.bills({ coinId: 999, limit: 10 })).toEqual([]);
  });

  it("take the newest records between after and before", () => {
    const hi = BigInt(all[5]!.billId);
    const lo = BigInt(all[30]!.billId);
    expect(account.bills({ after: lo, before: hi, limit: 10 })).toEqual(all.slice(6, 16));
    expect(account.bills({ after: lo, before: hi, limit: 100 })).toEqual(all.slice(6, 30));
  });
});

describe("funding bills", () => {
  const full = account.fundingBills({ pageIndex: 1, pageSize: 1e9 });

  it("hold a consistent running balance of deposits, withdrawals and transfers", () => {
    expect(new Set(full.items.map((b) => b.bizType))).toEqual(new Set(["deposit", "withdraw", "transfer_in", "transfer_out"]));
    expect(runningBalanceViolations(full.items).errors).toEqual([]);
    for (const b of full.items) {
      expect(b.fillSize).toBeNull();
      expect(b.fillValue).toBeNull();
    }
  });

  it("mirror every spot transfer", () => {
    const spotIn = all.filter((b) => b.bizType === "transfer_in").map((b) => [b.coinName, b.deltaAmount, b.cTime].join());
    const fundOut = full.items.filter((b) => b.bizType === "transfer_out").map((b) => [b.coinName, new Dec(b.deltaAmount).neg().toFixed(), b.cTime].join());
    expect(spotIn).toEqual(fundOut);
  });

  it("page with the right arithmetic", () => {
    const pageSize = 9;
    const first = account.fundingBills({ pageIndex: 1, pageSize });
    expect(first.total).toBe(full.total);
    expect(first.pages).toBe(Math.ceil(full.total / pageSize));
    expect(first.pageSize).toBe(pageSize);
    const collected = [];
    for (let page = 1; page <= first.pages + 1; page++) {
      const p = account.fundingBills({ pageIndex: page, pageSize });
      expect(p.page).toBe(page);
      expect(p.hasNextPage).toBe(page < first.pages);
      expect(p.items.length).toBe(page <= first.pages ? Math.min(pageSize, full.total - (page - 1) * pageSize) : 0);
      collected.push(...p.items);
    }
    expect(collected).toEqual(full.items);
  });

  it("filter by time, coin and bizType", () => {
    const times = full.items.map((b) => Number(b.cTime));
    const start = times[40]!;
    const end = times[10]!;
    const window = account.fundingBills({ startTime: start, endTime: end, pageIndex: 1, pageSize: 100 });
    expect(window.items).toEqual(full.items.filter((b) => Number(b.cTime) >= start && Number(b.cTime) <= end));
    expect(window.total).toBe(window.items.length);
    const deposits = account.fundingBills({ coinId: 2, bizType: "deposit", pageIndex: 1, pageSize: 100 });
    expect(deposits.total).toBe(full.items.filter((b) => b.coinId === 2 && b.bizType === "deposit").length);
    const none = account.fundingBills({ coinId: 999, pageIndex: 1, pageSize: 10 });
    expect(none).toEqual({ total: 0, pageSize: 10, pages: 0, page: 1, hasNextPage: false, items: [] });
  });
});
