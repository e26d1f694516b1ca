/**
 * Sub-affiliates (agents below the affiliate) and their daily records.
 *
 * A handful of sub-affiliates bring a share of the invitees, a few of them
 * large (Zipf-like weights). Some start with the world, others join later.
 *
 * Daily record per (sub-affiliate, UTC day, product), only on days with
 * activity, aggregated from the items of that sub-affiliate's invitees that
 * are visible at `now`:
 * - tradingVolume  = Σ (takerAmount + makerAmount) over all its items (USDT volume, whatever the coin);
 * - netTradingFee  = Σ fee over its USDT-coin items (BTC fees are in BTC and cannot be added);
 * - paidCommission = netTradingFee × share, where share is the sub-affiliate's own fixed
 *   fraction of the net fee for that product (2 decimals). It is an exact product — no
 *   rounding — and therefore also equals Σ fee × share over the same items.
 */
import { Rng } from "../rng";
import type { CommissionRecord, ProductType, SubAffiliate, SubAffiliateRecord } from "./types";
import { inviteCode, subAffiliateUid } from "./ids";
import { constant, type Dec, str, ZERO } from "./money";
import { ymd } from "./time";

export function createSubAffiliates(seed: number, count: number, days: number): SubAffiliate[] {
  const subs: SubAffiliate[] = [];
  for (let i = 0; i < count; i++) {
    const rng = Rng.derive(seed, "sub", i);
    const weight = (1 / Math.pow(i + 1, 1.1)) * rng.logNormal(0, 0.3);
    // The first ~60 % (incl. the largest) exist from the start; the others join during the history.
    const startDay = i < Math.ceil(count * 0.6) ? 0 : rng.int(Math.floor(days * 0.1), Math.max(1, Math.floor(days * 0.85)));
    const spotShare = rng.pick(["0.1", "0.15", "0.2", "0.25"]);
    const futuresShare = rng.pick(["0.2", "0.25", "0.3", "0.35", "0.4"]);
    // The affiliate keeps an override; share + override stays ≤ 0.5 spot, ≤ 0.8 futures.
    const spotRate = rng.pick(["0.05", "0.1", "0.125", "0.15", "0.2"]);
    const futuresRate = rng.pick(["0.1", "0.15", "0.2", "0.25", "0.3"]);
    subs.push({
      uid: subAffiliateUid(seed, i),
      inviteCode: inviteCode(seed, "SA", i),
      weight,
      startDay,
      spotShare,
      futuresShare,
      spotRate,
      futuresRate,
    });
  }
  return subs;
}

interface Acc {
  sub: SubAffiliate;
  product: ProductType;
  volume: Dec;
  fee: Dec;
}

/**
 * Records of one UTC day from that day's visible items (any order).
 * `subOf(uid)` is the sub-affiliate of an invitee (undefined for direct invitees).
 */
export function aggregateSubAffiliateDay(
  dayStartMs: number,
  items: readonly CommissionRecord[],
  subOf: (uid: string) => SubAffiliate | undefined,
): SubAffiliateRecord[] {
  const acc = new Map<string, Acc>();
  for (const item of items) {
    if (item.sourceType !== 2) continue;
    const sub = subOf(item.uid);
    if (!sub) continue;
    const key = `${sub.uid}|${item.productType}`;
    let a = acc.get(key);
    if (!a) {
      a = { sub, product: item.productType, volume: ZERO, fee: ZERO };
      acc.set(key, a);
    }
    a.volume = a.volume.plus(item.takerAmount).plus(item.makerAmount);
    if (item.coin === "USDT") a.fee = a.fee.plus(item.fee);
  }
  const date = ymd(dayStartMs);
  const records: SubAffiliateRecord[] = [];
  for (const a of acc.values()) {
    const share = a.product === "SPOT" ? a.sub.spotShare : a.sub.futuresShare;
    records.push(
      Object.freeze({
        subAffiliateUid: a.sub.uid,
        productType: a.product,
        date,
        tradingVolume: str(a.volume),
        netTradingFee: str(a.fee),
        paidCommission: str(a.fee.times(constant(share))),
      }),
    );
  }
  records.sort((x, y) => cmp(x.subAffiliateUid, y.subAffiliateUid) || cmp(x.productType, y.productType));
  return records;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
