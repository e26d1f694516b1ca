import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { createAffiliateWorld, DEFAULT_AFFILIATE_WORLD_OPTIONS } from "./index";
import type { AffiliateWorldOptions, CommissionRecord } from "./types";

const CREATED = Date.UTC(2025, 5, 15, 13, 30);
const HOUR = 3_600_000;
const DAY = 86_400_000;
const SMALL: AffiliateWorldOptions = { seed: 7, invitees: 400, days: 120, subAffiliates: 6, restate: false };

function key(i: CommissionRecord): string {
  return [i.uid, i.date, i.coin, i.productType, i.symbol].join("|");
}

function snapshot(opts: AffiliateWorldOptions, now: number) {
  const w = createAffiliateWorld(opts, CREATED);
  return {
    affiliateUid: w.affiliateUid,
    subs: w.subAffiliateUids,
    users: w.invitedUsers(now),
    items: w.commissionItems(now),
    subRecords: w.subAffiliateRecords(now),
    tna: w.tradeAndAsset(now, {}),
  };
}

describe("determinism", () => {
  it("same options and createdAt give identical answers", () => {
    expect(snapshot(SMALL, CREATED)).toEqual(snapshot(SMALL, CREATED));
  });

  it("a different seed gives a different world", () => {
    const a = snapshot(SMALL, CREATED);
    const b = snapshot({ ...SMALL, seed: 8 }, CREATED);
    expect(a.affiliateUid).not.toBe(b.affiliateUid);
    expect(a.items).not.toEqual(b.items);
  });

  it("answers do not depend on query order", () => {
    const later = CREATED + 3 * DAY + 5 * HOUR;
    const w1 = createAffiliateWorld(SMALL, CREATED);
    w1.tradeAndAsset(later, {});
    w1.commissionItems(later);
    w1.invitedUsers(later);
    const w2 = createAffiliateWorld(SMALL, CREATED);
    expect(w1.commissionItems(CREATED)).toEqual(w2.commissionItems(CREATED));
    expect(w1.invitedUsers(CREATED)).toEqual(w2.invitedUsers(CREATED));
    expect(w1.subAffiliateRecords(CREATED)).toEqual(w2.subAffiliateRecords(CREATED));
    expect(w1.tradeAndAsset(CREATED, {})).toEqual(w2.tradeAndAsset(CREATED, {}));
  });

  it("restarting later on the same UTC day gives the same world", () => {
    const a = createAffiliateWorld(SMALL, CREATED);
    const b = createAffiliateWorld(SMALL, CREATED + 2 * HOUR);
    expect(a.commissionItems(CREATED + 5 * HOUR)).toEqual(b.commissionItems(CREATED + 5 * HOUR));
  });

  it("fills defaults for missing options", () => {
    const w = createAffiliateWorld({ seed: 42 } as AffiliateWorldOptions, CREATED);
    const d = createAffiliateWorld(DEFAULT_AFFILIATE_WORLD_OPTIONS, CREATED);
    expect(w.affiliateUid).toBe(d.affiliateUid);
    expect(w.subAffiliateUids).toHaveLength(15);
  });
});

describe("ids", () => {
  it("uids are unique 8-10 digit strings", () => {
    const w = createAffiliateWorld(SMALL, CREATED);
    const all = [w.affiliateUid, ...w.subAffiliateUids, ...w.invitedUsers(CREATED).map((u) => u.uid)];
    for (const uid of all) expect(uid).toMatch(/^[1-9]\d{7,9}$/);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("time", () => {
  const w = createAffiliateWorld({ ...SMALL, restate: true }, CREATED);

  it("starts `days` UTC days before the day of createdAt", () => {
    const users = w.invitedUsers(CREATED);
    const first = users[0]?.registerTime ?? 0;
    expect(first).toBeGreaterThanOrEqual(Date.UTC(2025, 5, 15) - 120 * DAY);
    expect(first).toBeLessThan(Date.UTC(2025, 5, 15) - 110 * DAY);
  });

  it("never returns anything after now", () => {
    for (const now of [CREATED - 30 * DAY, CREATED, CREATED + 7 * HOUR, CREATED + 2 * DAY]) {
      const users = w.invitedUsers(now);
      expect(users.every((u) => u.registerTime <= now)).toBe(true);
      for (const u of users) {
        for (const t of [u.firstDeposit, u.lastDeposit, u.firstTrade, u.lastTrade]) {
          if (t !== null) expect(t).toBeLessThanOrEqual(now);
        }
      }
      expect(w.commissionItems(now).every((i) => i.availableAt <= now)).toBe(true);
      const lastDay = new Date(now).toISOString().slice(0, 10);
      expect(w.subAffiliateRecords(now).every((r) => r.date <= lastDay)).toBe(true);
    }
  });

  it("nothing exists before the world starts", () => {
    const before = Date.UTC(2025, 5, 15) - 121 * DAY;
    expect(w.invitedUsers(before)).toEqual([]);
    expect(w.commissionItems(before)).toEqual([]);
    expect(w.tradeAndAsset(before, {})).toEqual([]);
  });

  it("continues after createdAt: new invitees and new items, also during the current day", () => {
    const later = CREATED + 10 * DAY;
    expect(w.invitedUsers(later).length).toBeGreaterThan(w.invitedUsers(CREATED).length);
    expect(w.commissionItems(later).length).toBeGreaterThan(w.commissionItems(CREATED).length);
    const counts = [0, 3, 6, 9, 12, 15, 18, 21].map((h) => w.commissionItems(later + h * HOUR - 13.5 * HOUR).length);
    for (let n = 1; n < counts.length; n++) expect(counts[n]).toBeGreaterThanOrEqual(counts[n - 1] as number);
    expect(counts[counts.length - 1]).toBeGreaterThan(counts[0] as number);
  });

  it("a later now only adds items; restatements only change the last 2 days", () => {
    const now1 = CREATED + 4 * HOUR;
    for (const now2 of [now1 + 1, now1 + 3 * HOUR, now1 + 30 * HOUR, now1 + 5 * DAY]) {
      const after = new Map(w.commissionItems(now2).map((i) => [key(i), i]));
      const problems: string[] = [];
      let restated = 0;
      for (const i of w.commissionItems(now1)) {
        const j = after.get(key(i));
        if (!j) {
          problems.push(`missing ${key(i)}`);
          continue;
        }
        if (j.takerAmount !== i.takerAmount || j.makerAmount !== i.makerAmount || j.rate !== i.rate) {
          problems.push(`volume/rate changed ${key(i)}`);
        }
        if (j.fee !== i.fee) {
          restated++;
          if (!(i.date > now1 - 2 * DAY)) problems.push(`old day restated ${key(i)}`);
          if (!new Decimal(j.fee).gt(i.fee)) problems.push(`fee not larger ${key(i)}`);
          if (!new Decimal(j.fee).times(j.rate).eq(j.commission)) problems.push(`commission ${key(i)}`);
        } else if (JSON.stringify(j) !== JSON.stringify(i)) {
          problems.push(`changed ${key(i)}`);
        }
      }
      expect(problems).toEqual([]);
      if (now2 >= now1 + 30 * HOUR) expect(restated).toBeGreaterThan(0);

      const usersAfter = new Map(w.invitedUsers(now2).map((u) => [u.uid, u]));
      for (const u of w.invitedUsers(now1)) {
        const v = usersAfter.get(u.uid);
        if (!v) {
          problems.push(`user missing ${u.uid}`);
          continue;
        }
        if (v.registerTime !== u.registerTime || v.inviteCode !== u.inviteCode) problems.push(`user changed ${u.uid}`);
        if (u.firstDeposit !== null && v.firstDeposit !== u.firstDeposit) problems.push(`firstDeposit ${u.uid}`);
        if (u.firstTrade !== null && v.firstTrade !== u.firstTrade) problems.push(`firstTrade ${u.uid}`);
        if (u.lastTrade !== null && (v.lastTrade ?? 0) < u.lastTrade) problems.push(`lastTrade ${u.uid}`);
        if (u.kycResult && !v.kycResult) problems.push(`kyc ${u.uid}`);
      }
      expect(problems).toEqual([]);
    }
  });

  it("restate=true restates some recent items after a delay", () => {
    const now = CREATED;
    const early = new Map(w.commissionItems(now).map((i) => [key(i), i]));
    const settled = w.commissionItems(now + 3 * DAY).filter((i) => i.date <= now);
    const changed = settled.filter((i) => early.get(key(i))?.fee !== i.fee && early.has(key(i)));
    expect(changed.length).toBeGreaterThan(0);
  });

  it("restate=false never changes a published item", () => {
    const plain = createAffiliateWorld(SMALL, CREATED);
    const before = plain.commissionItems(CREATED);
    const after = new Map(plain.commissionItems(CREATED + 3 * DAY).map((i) => [key(i), i]));
    expect(before.every((i) => after.get(key(i)) === i || JSON.stringify(after.get(key(i))) === JSON.stringify(i))).toBe(true);
  });
});

describe("restateDay", () => {
  it("restates the visible items of that day, deterministically, keeping the natural key", () => {
    const make = () => createAffiliateWorld(SMALL, CREATED);
    const w = make();
    const now = CREATED;
    const day = Date.UTC(2025, 5, 14);
    const before = w.commissionItems(now);
    const beforeSub = w.subAffiliateRecords(now);
    const visible = before.filter((i) => i.date === day);
    const changed = w.restateDay(day, now);
    expect(changed).toBe(visible.length);
    expect(changed).toBeGreaterThan(0);

    const after = w.commissionItems(now);
    expect(after.map(key)).toEqual(before.map(key));
    after.forEach((j, n) => {
      const i = before[n] as CommissionRecord;
      if (i.date === day) {
        expect(new Decimal(j.fee).gt(i.fee)).toBe(true);
        expect(new Decimal(j.fee).times(j.rate).eq(j.commission)).toBe(true);
      } else {
        expect(j).toEqual(i);
      }
    });
    // Sub-affiliate records of other days are untouched; that day's fees grew.
    const dayStr = "2025-06-14";
    const afterSub = w.subAffiliateRecords(now);
    expect(afterSub.filter((r) => r.date !== dayStr)).toEqual(beforeSub.filter((r) => r.date !== dayStr));

    // Same call on an identical world gives identical amounts.
    const w2 = make();
    w2.restateDay(day, now);
    expect(w2.commissionItems(now)).toEqual(after);
    // A query before the restatement still sees the old values.
    expect(w.commissionItems(now - 1)).toEqual(make().commissionItems(now - 1));
    // Later queries keep the restated values; a second restatement raises them again.
    const later = w.commissionItems(now + 4 * DAY).filter((i) => i.date === day);
    expect(later).toEqual(after.filter((i) => i.date === day));
    expect(w.restateDay(day, now + 4 * DAY)).toBe(later.length);
    const again = w.commissionItems(now + 4 * DAY).filter((i) => i.date === day);
    again.forEach((j, n) => expect(new Decimal(j.fee).gt((later[n] as CommissionRecord).fee)).toBe(true));
  });

  it("returns 0 for a day without visible items", () => {
    const w = createAffiliateWorld(SMALL, CREATED);
    expect(w.restateDay(Date.UTC(2025, 5, 20), CREATED)).toBe(0);
    expect(w.restateDay(Date.UTC(2020, 0, 1), CREATED)).toBe(0);
  });
});
