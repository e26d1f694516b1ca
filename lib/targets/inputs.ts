/**
 * What the targets routes accept: strict zod schemas (an unknown key is a 400). Browser-safe, so the form checks its
 * input the same way. A target's period key must match its period (YYYY-MM for a month, YYYY-Qn for a quarter).
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { isCountMetric, TARGET_METRICS, TARGET_PERIODS, TIER_NAME_MAX } from "./types";

/** A positive decimal amount (exact text, never a float): digits, an optional fraction of up to 8 digits. */
const value = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,8})?$/, "the value must be a number such as 50000 or 1250.5")
  .refine((s) => /[1-9]/.test(s), "the value must be above 0");
const metric = z.enum(TARGET_METRICS, { message: `the figure must be one of ${TARGET_METRICS.join(", ")}` });
const period = z.enum(TARGET_PERIODS, { message: "the period must be month or quarter" });
const name = z.string().trim().min(1, "give the tier a name").max(TIER_NAME_MAX, `a name of at most ${TIER_NAME_MAX} characters`);
const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;
const QUARTER_KEY = /^\d{4}-Q[1-4]$/;

/** Counts (new traders, new invitees, invitees with commission items) are people: their target is a whole number. */
const wholeForCounts = (t: { metric: string; value: string }) => !isCountMetric(t.metric) || !t.value.includes(".");
export const WHOLE_WORDS = "the figure is counted in whole people: give a whole number";
const WHOLE = { message: WHOLE_WORDS, path: ["value"] };

export const targetInputSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("target"), metric, period, starts: z.string().trim(), value, name: z.string().trim().max(TIER_NAME_MAX).optional() }).strict(),
    z.object({ kind: z.literal("tier"), metric, period, value, name }).strict(),
  ])
  .refine((t) => t.kind === "tier" || (t.period === "month" ? MONTH_KEY : QUARTER_KEY).test(t.starts), {
    message: "the period is a month as YYYY-MM, or a quarter as YYYY-Qn (e.g. 2026-Q4)",
    path: ["starts"],
  })
  .refine(wholeForCounts, WHOLE);
export type TargetInput = z.output<typeof targetInputSchema>;

/** An edit changes the value and the name; the figure and period stay what the target was made for. */
export const targetPatchSchema = z
  .object({ value: value.optional(), name: z.string().trim().max(TIER_NAME_MAX).optional() })
  .strict()
  .refine((p) => p.value !== undefined || p.name !== undefined, "say what to change: value or name");

export const targetIdSchema = z.string().regex(/^tgt_[A-Za-z0-9_-]{1,40}$/, "a target id");
