/**
 * Invited users: when they sign up, through which code, how far they get in
 * the funnel (KYC → first deposit → first trade), their deposits and
 * withdrawals, and — for those who trade — their trading profile.
 *
 * How many sign up each day is signups.ts. Every draw is keyed by (day, index
 * within the day), so a day's invitees never depend on query order.
 */
import { Rng } from "../rng";
import { SANDBOX_SYMBOLS } from "../symbols";
import { inviteCode, inviteeUid } from "./ids";
import { Dec, drawnAmount, str, ZERO } from "./money";
import { DAY_MS, HOUR_MS } from "./time";
import type { SignupSchedule } from "./signups";
import type { Invitee, InvitedUserRecord, MoneyEvent, SubAffiliate, TraderProfile, TraderTier } from "./types";

const MINUTE_MS = 60_000;
/** A long-tailed delay: mostly minutes, some days, a few weeks. */
function delay(rng: Rng, fast: number, mid: number, slow: number, pFast: number, pMid: number): number {
  const r = rng.next();
  const mean = r < pFast ? fast : r < pFast + pMid ? mid : slow;
  return Math.floor(rng.exponential(mean));
}

/** Sign-ups cluster in the afternoon and evening (UTC). */
const HOUR_WEIGHTS = [3, 2, 2, 2, 2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 9, 10, 10, 10, 9, 9, 8, 6, 5, 4];
const HOURS = HOUR_WEIGHTS.map((_, h) => h);

export function timeOfDay(rng: Rng): number {
  return rng.weighted(HOURS, HOUR_WEIGHTS) * HOUR_MS + Math.floor(rng.next() * HOUR_MS);
}

const DIRECT_CODE_WEIGHTS = [45, 25, 15, 10, 5];

export interface InviteeContext {
  seed: number;
  startMs: number;
  schedule: SignupSchedule;
  subs: readonly SubAffiliate[];
  directCodes: readonly string[];
}

export function directCodes(seed: number): string[] {
  return DIRECT_CODE_WEIGHTS.map((_, i) => inviteCode(seed, "RD", i));
}

/** The invitee number `index` of world day `day`, with global sequence number `seq` (for the uid). */
export function drawInvitee(ctx: InviteeContext, day: number, index: number, seq: number): Invitee {
  const rng = Rng.derive(ctx.seed, "invitee", day, index);
  const dayStart = ctx.startMs + day * DAY_MS;
  const registerTime = dayStart + timeOfDay(rng);

  // Channel: about a third through sub-affiliates (among those already active), the rest direct.
  const eligible = ctx.subs.filter((s) => s.startDay <= day);
  let sub: SubAffiliate | undefined;
  if (eligible.length > 0 && rng.chance(0.35)) {
    sub = rng.weighted(eligible, eligible.map((s) => s.weight));
  }
  let code: string;
  if (sub) {
    code = sub.inviteCode;
  } else {
    const campaign = ctx.schedule.campaign(day);
    code = campaign && rng.chance(0.7) ? campaign.code : rng.weighted(ctx.directCodes, DIRECT_CODE_WEIGHTS);
  }

  // Funnel: KYC ~60 %, first deposit ~35 %, first trade ~25 % of sign-ups.
  const kyc = rng.chance(0.6);
  const kycTime = kyc ? registerTime + delay(rng, 20 * MINUTE_MS, 1.5 * DAY_MS, 15 * DAY_MS, 0.5, 0.35) : null;
  const deposits = rng.chance(kyc ? 0.55 : 0.05);
  const firstDepositTime = deposits ? registerTime + delay(rng, 40 * MINUTE_MS, 2 * DAY_MS, 20 * DAY_MS, 0.45, 0.35) : null;
  const trades = firstDepositTime !== null && rng.chance(0.72);
  const firstTradeTime =
    trades && firstDepositTime !== null ? firstDepositTime + delay(rng, 15 * MINUTE_MS, DAY_MS, 12 * DAY_MS, 0.55, 0.3) : null;

  const trader =
    firstTradeTime !== null
      ? drawTrader(Rng.derive(ctx.seed, "trader", day, index), firstTradeTime, Math.floor((firstTradeTime - ctx.startMs) / DAY_MS), sub)
      : null;

  const money =
    firstDepositTime !== null
      ? drawMoney(Rng.derive(ctx.seed, "money", day, index), firstDepositTime, firstTradeTime, trader)
      : { deposits: [], withdrawals: [] };

  return {
    uid: inviteeUid(ctx.seed, seq),
    day,
    registerTime,
    inviteCode: code,
    subAffiliateUid: sub ? sub.uid : null,
    kycTime,
    deposits: money.deposits,
    withdrawals: money.withdrawals,
    trader,
    tradeTimes: [],
    tradeAvailableAt: [],
  };
}

const DIRECT_RATES: Record<TraderTier, { spot: string[]; futures: string[] }> = {
  casual: { spot: ["0.2", "0.25", "0.3"], futures: ["0.3", "0.4", "0.5"] },
  active: { spot: ["0.3", "0.35", "0.4", "0.3125"], futures: ["0.5", "0.6", "0.625"] },
  whale: { spot: ["0.4", "0.45", "0.5", "0.4375"], futures: ["0.7", "0.75", "0.8"] },
};

function drawTrader(rng: Rng, firstTradeTime: number, firstTradeDay: number, sub: SubAffiliate | undefined): TraderProfile {
  const r = rng.next();
  const tier: TraderTier = r < 0.03 ? "whale" : r < 0.25 ? "active" : "casual";
  const baseVolume =
    tier === "whale" ? rng.logNormal(Math.log(15_000), 0.7) : tier === "active" ? rng.logNormal(Math.log(4_000), 1.0) : rng.logNormal(Math.log(600), 1.1);
  const tradeProb = tier === "whale" ? 0.8 : tier === "active" ? 0.6 : 0.45;
  const lifetime =
    tier === "whale" ? 300 + rng.exponential(1500) : tier === "active" ? 10 + rng.exponential(160) : 1 + rng.exponential(55);
  const f = rng.next();
  // Some casual traders stay on spot; most volume is futures (several times spot overall).
  const spotOnly = tier === "whale" ? 0.03 : tier === "active" ? 0.08 : 0.2;
  const futuresShare = f < spotOnly ? 0 : f < spotOnly + 0.1 ? 1 : 0.65 + rng.next() * 0.3;
  const btcCoinProb = rng.chance(0.12) ? 0.3 + rng.next() * 0.7 : 0;
  const symbolWeights = SANDBOX_SYMBOLS.map((s) => s.volumeWeight * rng.logNormal(0, 0.7));
  const vip = tier === "whale";
  const rates = DIRECT_RATES[tier];
  return {
    tier,
    firstTradeTime,
    firstTradeDay,
    lastActiveDay: firstTradeDay + Math.round(lifetime),
    tradeProb,
    baseVolume,
    futuresShare,
    btcCoinProb,
    symbolWeights,
    spotTakerFee: vip ? 0.0008 : 0.001,
    spotMakerFee: vip ? 0.0006 : 0.001,
    futuresTakerFee: vip ? 0.0006 : 0.0008,
    futuresMakerFee: vip ? 0.0001 : 0.0002,
    spotRate: sub ? sub.spotRate : rng.pick(rates.spot),
    futuresRate: sub ? sub.futuresRate : rng.pick(rates.futures),
    takerShare: vip ? 0.3 + rng.next() * 0.4 : 0.55 + rng.next() * 0.4,
  };
}

/**
 * Deposits cluster early in an invitee's life; withdrawals follow trading and
 * churn. Withdrawals total a fraction (< 1) of deposits, rounded down, so the
 * net is positive.
 */
function drawMoney(
  rng: Rng,
  firstDeposit: number,
  firstTrade: number | null,
  trader: TraderProfile | null,
): { deposits: MoneyEvent[]; withdrawals: MoneyEvent[] } {
  const scale = trader ? trader.baseVolume * (0.15 + rng.next() * 0.45) : rng.logNormal(Math.log(250), 1.1);
  const deposits: MoneyEvent[] = [{ time: firstDeposit, amount: drawnAmount(Math.max(10, scale * (0.4 + rng.next() * 0.6)), 2) }];
  const tier = trader?.tier;
  const extra = tier === "whale" ? rng.int(3, 18) : tier === "active" ? rng.int(0, 6) : tier === "casual" ? rng.int(0, 3) : rng.int(0, 1);
  const gapMean = tier === "whale" ? 25 * DAY_MS : 6 * DAY_MS;
  let t = firstDeposit;
  for (let i = 0; i < extra; i++) {
    t += Math.floor(rng.exponential(gapMean)) + 1;
    deposits.push({ time: t, amount: drawnAmount(Math.max(10, scale * rng.logNormal(-0.5, 0.7)), 2) });
  }

  // Each withdrawal takes a fraction (< 1) of what was deposited and not yet withdrawn at
  // that moment (rounded down), so the net stays positive at every point in time.
  const withdrawals: MoneyEvent[] = [];
  const count = trader ? (tier === "whale" ? rng.int(1, 8) : rng.int(0, 3)) : rng.chance(0.4) ? 1 : 0;
  const maxFraction = tier === "whale" ? 0.35 : tier === "active" ? 0.6 : 0.9;
  const from = firstTrade ?? firstDeposit;
  const spanDays = trader ? Math.max(2, trader.lastActiveDay - trader.firstTradeDay + 5) : 30;
  const times = Array.from({ length: count }, () => from + Math.floor((0.05 + rng.next()) * spanDays * DAY_MS)).sort(
    (x, y) => x - y,
  );
  let withdrawn = ZERO;
  for (const time of times) {
    const deposited = deposits.filter((d) => d.time <= time).reduce((acc, d) => acc.plus(d.amount), ZERO);
    const part = drawnAmount(0.05 + rng.next() * (maxFraction - 0.05), 4);
    const amount = deposited.minus(withdrawn).times(part).toDecimalPlaces(2, Dec.ROUND_DOWN);
    if (amount.gt(0)) {
      withdrawals.push({ time, amount: str(amount) });
      withdrawn = withdrawn.plus(amount);
    }
  }
  return { deposits, withdrawals };
}

/** Index of the last element ≤ x in an ascending array, or -1. */
export function lastAtOrBefore(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= x) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/**
 * The public record of an invitee as seen at `now`: only events at or before
 * now count. A trade day counts once its commission items are visible, so
 * firstTrade/lastTrade always agree with `commissionItems(now)`.
 */
export function inviteeRecordAt(inv: Invitee, now: number): InvitedUserRecord {
  const depositTimes = inv.deposits;
  let lastDep = -1;
  for (let i = depositTimes.length - 1; i >= 0; i--) {
    if ((depositTimes[i] as MoneyEvent).time <= now) {
      lastDep = i;
      break;
    }
  }
  const lastTradeIdx = lastAtOrBefore(inv.tradeAvailableAt, now);
  return {
    uid: inv.uid,
    registerTime: inv.registerTime,
    kycResult: inv.kycTime !== null && inv.kycTime <= now,
    inviteCode: inv.inviteCode,
    firstDeposit: lastDep >= 0 ? (depositTimes[0] as MoneyEvent).time : null,
    lastDeposit: lastDep >= 0 ? (depositTimes[lastDep] as MoneyEvent).time : null,
    firstTrade: lastTradeIdx >= 0 ? (inv.tradeTimes[0] as number) : null,
    lastTrade: lastTradeIdx >= 0 ? (inv.tradeTimes[lastTradeIdx] as number) : null,
    subAffiliateUid: inv.subAffiliateUid,
  };
}

/** Cumulative sums of money events (for fast range sums): cum[i] = Σ amount[0..i]. */
export function cumulative(events: readonly MoneyEvent[]): Dec[] {
  const out: Dec[] = [];
  let s = ZERO;
  for (const e of events) {
    s = s.plus(e.amount);
    out.push(s);
  }
  return out;
}

