/**
 * Planted invitee-quality cases (issue #27): a few invitees of the world are
 * changed so that each quality flag of the app has cases to find, and the
 * world records which (`AffiliateWorld.planted`) so tests know the answer.
 *
 * Planting must not disturb anyone else: it draws from its own streams
 * (Rng.derive(seed, "plant", …)), never the generators' ones, and it only
 * changes the chosen invitees' own records (their profile, money, or code),
 * before anything reads them. Every other invitee stays byte-identical.
 *
 * A chosen invitee is the first one drawn, from a target day on, that fits
 * the case (e.g. a direct trader); targets lie well inside the history so the
 * cases are synced and visible. Worlds shorter than MIN_DAYS plant nothing.
 */
import { Rng } from "../rng";
import { Dec, str } from "./money";
import { DAY_MS, HOUR_MS } from "./time";
import type { SignupSchedule } from "./signups";
import type { Invitee, PlantedInvitees } from "./types";

export const MIN_PLANT_DAYS = 120;
/** Commission collapse: the rate falls this many days before the world's createdAt day. */
export const COLLAPSE_DAYS_BEFORE_END = 20;
/** The collapsed rebate rates (well under any tier's or sub-affiliate's). */
const CUT_RATES = { spotRate: "0.03", futuresRate: "0.05" } as const;
/** A sliver of the schedule's fee (not zero: every item keeps a positive fee, as the exchange's do). */
const FEE_SCALES = [0.01, 0.02, 0.03] as const;
/** Share of the deposit a round trip takes back out (rounded down to the cent: the net stays positive). */
const ROUND_TRIP_SHARE = "0.995";
/** A trader who plays far longer than the world keeps going (planted traders trade to the end). */
const FOREVER_DAYS = 100_000;

type Kind = keyof PlantedInvitees;
interface Target {
  kind: Exclude<Kind, "signup_burst">;
  fromDay: number;
  n: number;
}

export interface PlantContext {
  seed: number;
  days: number;
  /** Sign-ups per world day (to pick the burst day; its draws are its own). */
  schedule: Pick<SignupSchedule, "count">;
  /** The direct invite codes, most used first: the burst takes the last, least used. */
  codes: readonly string[];
}

export class Planter {
  readonly planted: PlantedInvitees = { low_fee: [], round_trip: [], signup_burst: [], commission_collapse: [] };
  private readonly pending: Target[] = [];
  private readonly burstDays = new Set<number>();

  constructor(private readonly ctx: PlantContext) {
    if (ctx.days < MIN_PLANT_DAYS) return;
    const d = ctx.days;
    const spread = (kind: Target["kind"], lo: number, hi: number, count: number) => {
      const rng = Rng.derive(ctx.seed, "plant", kind);
      for (let n = 0; n < count; n++) {
        const band = (hi - lo) / count;
        this.pending.push({ kind, fromDay: Math.floor(lo + band * n + rng.next() * band * 0.5), n });
      }
    };
    spread("low_fee", d - 200, d - 40, 3);
    spread("round_trip", d - 150, d - 20, 3);
    spread("commission_collapse", d - 260, d - 120, 2);
    // A burst on the busiest day of a window, so that it holds many sign-ups.
    let best = d - 120;
    for (let day = d - 120; day <= d - 30; day++) if (ctx.schedule.count(day) > ctx.schedule.count(best)) best = day;
    this.burstDays.add(best);
  }

  /** Changes the chosen invitees of a freshly drawn day (before they are sorted or read). */
  apply(day: number, batch: Invitee[]): void {
    if (this.burstDays.has(day)) this.burst(batch);
    for (const inv of batch) {
      if (this.isPlanted(inv.uid)) continue;
      const target = this.pending.find((t) => t.fromDay <= day && fits(t.kind, inv, this.ctx.days));
      if (!target) continue;
      this.pending.splice(this.pending.indexOf(target), 1);
      PLANT[target.kind](inv, target.n, this.ctx);
      this.planted[target.kind].push(inv.uid);
    }
  }

  private isPlanted(uid: string): boolean {
    return Object.values(this.planted).some((uids: string[]) => uids.includes(uid));
  }

  /** Every direct invitee of the day signs up under the burst code (a farm of accounts). */
  private burst(batch: Invitee[]): void {
    for (const inv of batch) {
      if (inv.subAffiliateUid !== null) continue;
      inv.inviteCode = this.ctx.codes[this.ctx.codes.length - 1] ?? inv.inviteCode;
      this.planted.signup_burst.push(inv.uid);
    }
  }
}

function fits(kind: Target["kind"], inv: Invitee, days: number): boolean {
  const p = inv.trader;
  if (!p) return false;
  if (kind === "low_fee") return p.firstTradeDay <= days - 30;
  if (kind === "commission_collapse") {
    // Direct only: a sub-affiliate's invitee earns the sub's override rate (sandbox-data.md), which must hold.
    return inv.subAffiliateUid === null && p.firstTradeDay <= days - 60;
  }
  const first = inv.deposits[0];
  return first !== undefined && p.firstTradeTime - first.time <= 2 * DAY_MS && p.firstTradeDay <= days - 8;
}

const PLANT: Record<Target["kind"], (inv: Invitee, n: number, ctx: PlantContext) => void> = {
  low_fee(inv, n) {
    const p = inv.trader!;
    p.plant = { feeScale: FEE_SCALES[n] ?? 0, steady: true };
    p.lastActiveDay = p.firstTradeDay + FOREVER_DAYS;
  },
  commission_collapse(inv, _n, ctx) {
    const p = inv.trader!;
    p.plant = { steady: true, rateCut: { fromDay: ctx.days - COLLAPSE_DAYS_BEFORE_END, ...CUT_RATES } };
    p.tradeProb = 0.9;
    p.lastActiveDay = p.firstTradeDay + FOREVER_DAYS;
  },
  round_trip(inv, n, ctx) {
    const p = inv.trader!;
    const first = inv.deposits[0]!;
    const rng = Rng.derive(ctx.seed, "plant", "round_trip", "out", n);
    // Out a day or two after the first trade, and no trading after it.
    const out = p.firstTradeTime + DAY_MS + rng.int(1, 20) * HOUR_MS;
    inv.deposits = [first];
    inv.withdrawals = [{ time: out, amount: str(new Dec(first.amount).times(ROUND_TRIP_SHARE).toDecimalPlaces(2, Dec.ROUND_DOWN)) }];
    p.lastActiveDay = p.firstTradeDay;
  },
};
