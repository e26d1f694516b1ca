/**
 * Planning the daily-close sync (pure): which K-line requests fill a symbol's closes, and which
 * closes a page of candles gives. See docs/prices.md.
 *
 * Per basis, the candle whose close is a UTC day D's price:
 * - "utc":  the 1d candle opening at D 00:00 UTC (it closes at D+1 00:00 UTC);
 * - "utc8": the 1h candle opening at D 15:00 UTC (it closes at D 16:00 UTC = D+1 00:00 UTC+8).
 * Coverage of a (symbol, basis) is one span [coveredFrom, coveredTo) of days whose answers are in:
 * the recent range [coveredTo, today] is read oldest chunk first and the history
 * [firstDay, coveredFrom) newest chunk first, so the span stays contiguous whatever stops a run.
 */
import type { PriceBasis } from "../../db/schema-prices";
import { KLINES_MAX_LIMIT, type Candle, type KlineInterval } from "../../weex/endpoints/klines";
import { DAY_MS, utcDay } from "../windows";

const HOUR_MS = 3_600_000;
/** Days read in the first run's recent phase, before the history walk (the sandbox notes: the recent month first). */
export const FIRST_RECENT_DAYS = 30;

export interface BasisCandle {
  interval: KlineInterval;
  /** The candle's length. */
  stepMs: number;
  /** Its open time minus the start of the UTC day it prices. */
  openOffsetMs: number;
  /** Days one request of at most KLINES_MAX_LIMIT candles covers (the running candle of today included). */
  daysPerCall: number;
}

export const BASIS_CANDLE: Record<PriceBasis, BasisCandle> = {
  utc: { interval: "1d", stepMs: DAY_MS, openOffsetMs: 0, daysPerCall: KLINES_MAX_LIMIT - 1 },
  // 24 candles a day; one spare day's worth for today's candles after 15:00.
  utc8: { interval: "1h", stepMs: HOUR_MS, openOffsetMs: 15 * HOUR_MS, daysPerCall: Math.floor(KLINES_MAX_LIMIT / 24) - 1 },
};

/** When day D's price is final: its candle has closed. */
export const closeTimeOf = (basis: PriceBasis, day: number): number => day + BASIS_CANDLE[basis].openOffsetMs + BASIS_CANDLE[basis].stepMs;
/**
 * A candle counts as closed this long after its close time by our clock: the exchange's clock may be a little
 * behind ours, and a close taken as final is not read again.
 */
export const FINAL_AFTER_MS = 60_000;
const isFinal = (closeAt: number, now: number): boolean => closeAt + FINAL_AFTER_MS <= now;

export interface Coverage {
  coveredFrom: number | null;
  coveredTo: number | null;
}

export interface CloseRequest {
  phase: "recent" | "history";
  /** Days [fromDay, toDay] (UTC day starts, ms). */
  fromDay: number;
  toDay: number;
  params: { interval: KlineInterval; startTime: number; endTime: number; limit: number };
}

function request(basis: PriceBasis, phase: CloseRequest["phase"], fromDay: number, toDay: number, now: number): CloseRequest {
  const c = BASIS_CANDLE[basis];
  // Today's chunk asks up to now: the running candle's close is today's provisional price.
  const endTime = toDay >= utcDay(now) ? now : toDay + c.openOffsetMs;
  return { phase, fromDay, toDay, params: { interval: c.interval, startTime: fromDay + c.openOffsetMs, endTime, limit: KLINES_MAX_LIMIT } };
}

/** The requests of one run: the recent range oldest first, then the history newest first. */
export function planCloseRequests(basis: PriceBasis, firstDay: number, coverage: Coverage, now: number): CloseRequest[] {
  const today = utcDay(now);
  const per = BASIS_CANDLE[basis].daysPerCall * DAY_MS;
  const first = utcDay(firstDay);
  const recentFrom = coverage.coveredTo ?? Math.max(first, today - (FIRST_RECENT_DAYS - 1) * DAY_MS);
  const historyTo = (coverage.coveredFrom ?? recentFrom) - DAY_MS;
  const out: CloseRequest[] = [];
  for (let from = recentFrom; from <= today; from += per) out.push(request(basis, "recent", from, Math.min(today, from + per - DAY_MS), now));
  for (let to = historyTo; to >= first; to -= per) out.push(request(basis, "history", Math.max(first, to - per + DAY_MS), to, now));
  return out;
}

export interface CloseRow {
  day: number;
  close: string;
  priceTime: number;
  final: boolean;
}

/** The closes a page of candles gives for days [fromDay, toDay]; today without its candle yet gets the latest price. */
export function closesFromCandles(basis: PriceBasis, candles: readonly Candle[], req: Pick<CloseRequest, "fromDay" | "toDay">, now: number): CloseRow[] {
  const c = BASIS_CANDLE[basis];
  const rows = new Map<number, CloseRow>();
  for (const candle of candles) {
    const day = candle[0] - c.openOffsetMs;
    if (day % DAY_MS !== 0 || day < req.fromDay || day > req.toDay) continue;
    const closeAt = candle[0] + c.stepMs;
    rows.set(day, { day, close: candle[4], priceTime: Math.min(closeAt, now), final: isFinal(closeAt, now) });
  }
  const today = utcDay(now);
  const last = candles.at(-1);
  if (!rows.has(today) && today >= req.fromDay && today <= req.toDay && last && last[0] <= now && now < last[0] + c.stepMs) {
    // Before 15:00 UTC on the UTC+8 basis: the running candle's close is the price now.
    rows.set(today, { day: today, close: last[4], priceTime: now, final: false });
  }
  return [...rows.values()].sort((a, b) => a.day - b.day);
}

/** The coverage after a request's answer came in. */
export function coverageAfter(basis: PriceBasis, coverage: Coverage, req: CloseRequest, now: number): Coverage {
  let lastFinal = req.toDay;
  while (lastFinal >= req.fromDay && !isFinal(closeTimeOf(basis, lastFinal), now)) lastFinal -= DAY_MS;
  if (req.phase === "history") return { coveredFrom: Math.min(coverage.coveredFrom ?? req.fromDay, req.fromDay), coveredTo: coverage.coveredTo ?? lastFinal + DAY_MS };
  return { coveredFrom: coverage.coveredFrom ?? req.fromDay, coveredTo: Math.max(coverage.coveredTo ?? req.fromDay, lastFinal + DAY_MS) };
}
