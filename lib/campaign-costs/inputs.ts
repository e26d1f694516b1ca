/**
 * What the campaign-cost routes accept: strict zod schemas (an unknown key is a 400 naming it). Browser-safe, so the
 * form checks its input the same way. An amount is exact decimal text (never a float), a day a UTC calendar day.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP

export const NOTE_MAX = 280;

/** A positive amount: digits, an optional fraction of up to 8 digits. */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,8})?$/, "the amount must be a number such as 500 or 1250.5")
  .refine((s) => /[1-9]/.test(s), "the amount must be above 0");
/** A coin's ticker: USDT, or another coin valued in USDT at its day's close. */
const coin = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2,12}$/, "the coin is a ticker such as USDT or BTC"));
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "the day is a date as YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "the day is not a calendar date");
const note = z.string().trim().max(NOTE_MAX, `a note of at most ${NOTE_MAX} characters`);

export const costInputSchema = z.object({ day, amount, coin: coin.default("USDT"), note: note.default("") }).strict();
export type CostInput = z.output<typeof costInputSchema>;

/** An edit changes any of the fields; the code stays the one the cost was entered for. */
export const costPatchSchema = z
  .object({ day: day.optional(), amount: amount.optional(), coin: coin.optional(), note: note.optional() })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), "say what to change: day, amount, coin or note");
export type CostPatch = z.output<typeof costPatchSchema>;

/** Invite codes as the exchange gives them: letters and digits (a dash or underscore allowed), at most 40. */
export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "an invite code");
export const costIdSchema = z.string().regex(/^cc_[A-Za-z0-9_-]{1,40}$/, "a cost id");

/** A cost as the routes answer it. */
export interface CampaignCost {
  id: string;
  inviteCode: string;
  day: string;
  amount: string;
  coin: string;
  note: string;
  updatedAt: number;
  updatedByEmail: string;
}
