/**
 * Helpers for the contract simulator's tests (imported by *.test.ts only): a
 * controllable clock and scans of the price walk that find crossings on the
 * simulator's 1-second sampling grid.
 */
import { markPriceTicksAt, priceTicksAt, ticksToPrice } from "../data/price-walk";
import { createContractSimulator } from "./simulator";
import type { ContractSimulator, WorkingType } from "./types";

export const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
export const SEED = 20250601;

export interface Clock {
  now: number;
}

export function makeSim(seed = SEED, start = T0): { sim: ContractSimulator; clock: Clock } {
  const clock: Clock = { now: start };
  const sim = createContractSimulator({ seed, now: () => clock.now });
  return { sim, clock };
}

export function ticks(seed: number, symbol: string, type: WorkingType, t: number): number {
  return type === "MARK_PRICE" ? markPriceTicksAt(seed, symbol, t) : priceTicksAt(seed, symbol, t);
}

export function price(seed: number, symbol: string, type: WorkingType, t: number): string {
  return ticksToPrice(symbol, ticks(seed, symbol, type, t));
}

/**
 * The lowest contract price seen on the 1-second grid in (t0, t0 + horizon],
 * when strictly below the price at t0, and the first second it is reached.
 */
export function findDip(seed: number, symbol: string, t0: number, horizonMs = 1_500_000): { level: number; at: number } | null {
  const start = priceTicksAt(seed, symbol, t0);
  let best = start;
  let at = 0;
  for (let t = t0 + 1000; t <= t0 + horizonMs; t += 1000) {
    const p = priceTicksAt(seed, symbol, t);
    if (p < best) {
      best = p;
      at = t;
    }
  }
  return best < start ? { level: best, at } : null;
}

/** The first start time base + k hours (k = 0…47) from which `find` finds something. */
export function searchFrom<T extends object>(find: (start: number) => T | null, base = T0): T & { start: number } {
  for (let k = 0; k < 48; k++) {
    const start = base + k * 3_600_000;
    const found = find(start);
    if (found) return { start, ...found };
  }
  throw new Error("nothing found in 48 hours of starts");
}

export function findDipFrom(seed: number, symbol: string, base = T0): { start: number; level: number; at: number } {
  return searchFrom((start) => findDip(seed, symbol, start), base);
}

/**
 * A level and the first second on the 1-second grid after t0 at which the
 * `leader` walk reaches it (UP: >=, DOWN: <=) while the other walk has not
 * reached it at any sample up to and including that second (nor at t0).
 */
export function findSplit(
  seed: number,
  symbol: string,
  t0: number,
  leader: WorkingType,
  direction: "UP" | "DOWN",
  horizonMs = 1_500_000,
): { level: number; at: number } | null {
  const other: WorkingType = leader === "MARK_PRICE" ? "CONTRACT_PRICE" : "MARK_PRICE";
  const better = (a: number, b: number) => (direction === "UP" ? a > b : a < b);
  let leaderBest = ticks(seed, symbol, leader, t0);
  let otherBest = ticks(seed, symbol, other, t0);
  for (let t = t0 + 1000; t <= t0 + horizonMs; t += 1000) {
    const l = ticks(seed, symbol, leader, t);
    const o = ticks(seed, symbol, other, t);
    if (better(o, otherBest)) otherBest = o;
    if (better(l, leaderBest)) {
      leaderBest = l;
      if (better(l, otherBest)) return { level: l, at: t };
    }
  }
  return null;
}
