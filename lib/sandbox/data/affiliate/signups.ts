/**
 * Sign-ups per UTC day of the affiliate world: a Poisson law whose mean has a
 * weekly season (weekdays busier), slow linear growth and a campaign spike in
 * every 90-day block; the mean is normalised so that the first `days` days
 * bring about `invitees` sign-ups.
 */
import { Rng } from "../rng";
import { inviteCode } from "./ids";
import { DAY_MS, utcWeekday } from "./time";

const CAMPAIGN_BLOCK_DAYS = 90;
/** Sunday … Saturday. */
const WEEKDAY_FACTOR = [0.75, 1.1, 1.12, 1.1, 1.08, 1.0, 0.8] as const;

export interface Campaign {
  code: string;
  startDay: number;
  length: number;
  multiplier: number;
}

export class SignupSchedule {
  private readonly base: number;
  private readonly campaigns = new Map<number, Campaign>();

  constructor(
    private readonly seed: number,
    private readonly startMs: number,
    invitees: number,
    private readonly days: number,
  ) {
    let shape = 0;
    for (let d = 0; d < days; d++) shape += this.shape(d);
    this.base = shape > 0 ? invitees / shape : 0;
  }

  campaignOfBlock(block: number): Campaign {
    let c = this.campaigns.get(block);
    if (!c) {
      const rng = Rng.derive(this.seed, "campaign", block);
      c = {
        code: inviteCode(this.seed, "CP", block),
        startDay: block * CAMPAIGN_BLOCK_DAYS + rng.int(5, 80),
        length: rng.int(3, 7),
        multiplier: 2.5 + rng.next() * 2.5,
      };
      this.campaigns.set(block, c);
    }
    return c;
  }

  /** The campaign running on world day `d`, if any. */
  campaign(d: number): Campaign | undefined {
    const c = this.campaignOfBlock(Math.floor(d / CAMPAIGN_BLOCK_DAYS));
    return d >= c.startDay && d < c.startDay + c.length ? c : undefined;
  }

  private shape(d: number): number {
    const growth = 1 + (0.8 * d) / Math.max(1, this.days);
    const weekday = WEEKDAY_FACTOR[utcWeekday(this.startMs + d * DAY_MS)] ?? 1;
    const c = this.campaign(d);
    // A campaign peaks on its first day and fades.
    const spike = c ? 1 + (c.multiplier - 1) * (1 - (d - c.startDay) / (c.length + 1)) : 1;
    return growth * weekday * spike;
  }

  /** Expected sign-ups on world day `d`. */
  expected(d: number): number {
    return this.base * this.shape(d);
  }

  /** Sign-ups on world day `d` (deterministic Poisson draw). */
  count(d: number): number {
    return poisson(Rng.derive(this.seed, "signups", d), this.expected(d));
  }
}

function poisson(rng: Rng, lambda: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 60) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * rng.normal()));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}
