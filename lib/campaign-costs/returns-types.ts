/** The campaign figures' answers, as the routes send them and the pages read them (browser-safe). */
import type { Figure } from "./figures";
import type { CampaignCost } from "./inputs";

export interface ReturnRow {
  inviteCode: string;
  signups: number;
  deposited: number;
  traded: number;
  cost: Figure;
  /** The cost in each coin as entered. */
  costNatives: Array<{ coin: string; amount: string }>;
  costPerSignup: Figure;
  costPerDeposit: Figure;
  costPerTrade: Figure;
  commission: Figure;
  returnRatio: Figure;
}

export interface ReturnsAnswer {
  /** The last whole UTC day of commission synced (YYYY-MM-DD); null when none is. */
  through: string | null;
  /** The first whole UTC day held. */
  heldFrom: string | null;
  /** Some sign-ups of the range predate `heldFrom`: their commission since sign-up is partly synced. */
  partial: boolean;
  rows: ReturnRow[];
}

/** One sign-up month's cohort: its cost, its sign-ups, and its return at the end of each month since. */
export interface CohortRow {
  cohort: string;
  signups: number;
  cost: Figure;
  months: Array<{ month: string; commission: Figure; returnRatio: Figure }>;
}

/** The payback chart's day: cumulative cost and cumulative commission since sign-up (≈ USDT; null: not valued). */
export interface PaybackPoint {
  day: string;
  cost: string | null;
  commission: string | null;
}

export interface CodeCostsAnswer {
  inviteCode: string;
  costs: CampaignCost[];
  through: string | null;
  partial: boolean;
  cohorts: CohortRow[];
  payback: PaybackPoint[];
  /** The connection's oldest "data as of" (ms), null before the first sync: said on the chart's downloads. */
  dataAsOf: number | null;
}
