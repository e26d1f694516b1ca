import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { createAffiliateWorld, DEFAULT_AFFILIATE_WORLD_OPTIONS } from "./index";
import type { CommissionRecord, InvitedUserRecord } from "./types";

const CREATED = Date.UTC(2025, 5, 15, 13, 30);
const DAY = 86_400_000;

// Default scale: also a performance check (well under 2 s on a normal machine; generous bound here).
const started = performance.now();
const world = createAffiliateWorld(DEFAULT_AFFILIATE_WORLD_OPTIONS, CREATED);
const users = world.invitedUsers(CREATED);
const items = world.commissionItems(CREATED);
const elapsed = performance.now() - started;

function dayOf(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

describe("invited users (default scale)", () => {
  it("generates quickly", () => {
    expect(elapsed).toBeLessThan(5_000);
  });

  it("has about the requested number of sign-ups, sorted by registerTime then uid", () => {
    expect(users.length).toBeGreaterThan(1_300);
    expect(users.length).toBeLessThan(1_700);
    let unsorted = 0;
    for (let n = 1; n < users.length; n++) {
      const a = users[n - 1] as InvitedUserRecord;
      const b = users[n] as InvitedUserRecord;
      if (a.registerTime > b.registerTime || (a.registerTime === b.registerTime && a.uid >= b.uid)) unsorted++;
    }
    expect(unsorted).toBe(0);
  });

  it("funnel steps come in order: register ≤ first deposit ≤ first trade, first ≤ last", () => {
    const bad = users.filter((u) => {
      if (u.firstDeposit !== null && u.firstDeposit < u.registerTime) return true;
      if ((u.firstDeposit === null) !== (u.lastDeposit === null)) return true;
      if (u.firstDeposit !== null && u.lastDeposit !== null && u.lastDeposit < u.firstDeposit) return true;
      if ((u.firstTrade === null) !== (u.lastTrade === null)) return true;
      if (u.firstTrade !== null && (u.firstDeposit === null || u.firstTrade < u.firstDeposit)) return true;
      if (u.firstTrade !== null && u.lastTrade !== null && u.lastTrade < u.firstTrade) return true;
      return false;
    });
    expect(bad).toEqual([]);
  });

  it("firstTrade / lastTrade agree with the commission items", () => {
    const days = new Map<string, number[]>();
    for (const i of items) {
      const list = days.get(i.uid) ?? [];
      if (list[list.length - 1] !== i.date) list.push(i.date);
      days.set(i.uid, list);
    }
    const bad = users.filter((u) => {
      const d = days.get(u.uid);
      if (u.firstTrade === null) return d !== undefined;
      if (!d || u.lastTrade === null) return true;
      return d[0] !== dayOf(u.firstTrade) || d[d.length - 1] !== dayOf(u.lastTrade);
    });
    expect(bad).toEqual([]);
    const known = new Set(users.map((u) => u.uid));
    expect(items.every((i: CommissionRecord) => known.has(i.uid))).toBe(true);
  });

  it("funnel fractions are realistic (KYC ~60 %, deposit ~35 %, trade ~25 %)", () => {
    const n = users.length;
    const kyc = users.filter((u) => u.kycResult).length / n;
    const dep = users.filter((u) => u.firstDeposit !== null).length / n;
    const trade = users.filter((u) => u.firstTrade !== null).length / n;
    expect(kyc).toBeGreaterThan(0.5);
    expect(kyc).toBeLessThan(0.7);
    expect(dep).toBeGreaterThan(0.27);
    expect(dep).toBeLessThan(0.42);
    expect(trade).toBeGreaterThan(0.18);
    expect(trade).toBeLessThan(0.32);
  });

  it("delays are long-tailed: many the same day, some weeks later", () => {
    const delays = users.filter((u) => u.firstDeposit !== null).map((u) => (u.firstDeposit as number) - u.registerTime);
    const sameDay = delays.filter((d) => d < DAY).length / delays.length;
    const weeks = delays.filter((d) => d > 7 * DAY).length / delays.length;
    expect(sameDay).toBeGreaterThan(0.4);
    expect(weeks).toBeGreaterThan(0.03);
  });

  it("a handful of invite codes, unevenly used; direct and sub-affiliate invitees", () => {
    const direct = users.filter((u) => u.subAffiliateUid === null);
    const counts = new Map<string, number>();
    for (const u of direct) counts.set(u.inviteCode, (counts.get(u.inviteCode) ?? 0) + 1);
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(sorted.length).toBeGreaterThanOrEqual(5);
    expect(sorted.length).toBeLessThanOrEqual(15);
    expect(sorted[0]).toBeGreaterThan(3 * (sorted[4] ?? 0));
    const viaSub = users.length - direct.length;
    expect(viaSub / users.length).toBeGreaterThan(0.2);
    expect(viaSub / users.length).toBeLessThan(0.5);
    const subs = new Set(world.subAffiliateUids);
    expect(users.every((u) => u.subAffiliateUid === null || subs.has(u.subAffiliateUid))).toBe(true);
  });

  it("weekdays are busier than weekends, and there are campaign spikes", () => {
    const perDay = new Map<number, number>();
    for (const u of users) perDay.set(dayOf(u.registerTime), (perDay.get(dayOf(u.registerTime)) ?? 0) + 1);
    let weekday = 0;
    let weekend = 0;
    let wd = 0;
    let we = 0;
    for (const [d, c] of perDay) {
      const dow = new Date(d).getUTCDay();
      if (dow === 0 || dow === 6) {
        weekend += c;
        we++;
      } else {
        weekday += c;
        wd++;
      }
    }
    expect(weekday / wd).toBeGreaterThan(weekend / we);
    const mean = users.length / 400;
    expect(Math.max(...perDay.values())).toBeGreaterThan(3 * mean);
  });

  it("top 10 invitees bring roughly 40-60 % of the commission; futures volume exceeds spot", () => {
    const byUser = new Map<string, Decimal>();
    let total = new Decimal(0);
    let spot = new Decimal(0);
    let futures = new Decimal(0);
    for (const i of items) {
      const v = new Decimal(i.takerAmount).plus(i.makerAmount);
      if (i.productType === "SPOT") spot = spot.plus(v);
      else futures = futures.plus(v);
      if (i.coin !== "USDT") continue;
      byUser.set(i.uid, (byUser.get(i.uid) ?? new Decimal(0)).plus(i.commission));
      total = total.plus(i.commission);
    }
    const top10 = [...byUser.values()]
      .sort((a, b) => b.cmp(a))
      .slice(0, 10)
      .reduce((a, b) => a.plus(b), new Decimal(0));
    const share = top10.div(total).toNumber();
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.75);
    expect(futures.div(spot).toNumber()).toBeGreaterThan(2);
  });

  it("activity decays: many traders are dormant in the last 30 days", () => {
    const traders = users.filter((u) => u.lastTrade !== null && u.firstTrade !== null && u.firstTrade < CREATED - 120 * DAY);
    const dormant = traders.filter((u) => (u.lastTrade as number) < CREATED - 30 * DAY).length;
    expect(dormant / traders.length).toBeGreaterThan(0.5);
    expect(dormant).toBeLessThan(traders.length);
  });
});
