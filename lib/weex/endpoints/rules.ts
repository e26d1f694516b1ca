/**
 * Cross-field rules shared by several endpoints (mutually exclusive params,
 * time windows, conditional fields). Each adds a zod issue tagged with the
 * exchange's refusal code, so the sandbox answers the code the real one would.
 */
import type { z } from "zod";
import type { ErrorCodeName } from "../errors";
import { describeRange, withinRange, type RangeRule } from "../time-range";

type Ctx = z.core.$RefinementCtx;

export function addCodedIssue(ctx: Ctx, weexCode: ErrorCodeName, message: string, path: PropertyKey[] = []): void {
  ctx.addIssue({ code: "custom", message, path, params: { weexCode } });
}

export function mutuallyExclusive(a: string, b: string) {
  return (value: Record<string, unknown>, ctx: Ctx) => {
    if (value[a] !== undefined && value[b] !== undefined) {
      addCodedIssue(ctx, "INVALID_COMBINATION", `${a} and ${b} are mutually exclusive`, [b]);
    }
  };
}

export function oneRequired(a: string, b: string, isEmpty: (v: unknown) => boolean = (v) => v === undefined) {
  return (value: Record<string, unknown>, ctx: Ctx) => {
    if (isEmpty(value[a]) && isEmpty(value[b])) {
      addCodedIssue(ctx, "PARAMETER_EMPTY", `${a} or ${b} is required`, [a]);
    }
  };
}

/** endTime >= startTime and, when a rule is given and both bounds are present, the window is within the rule. */
export function timeWindow(rule?: RangeRule) {
  return (value: { startTime?: number | null; endTime?: number | null }, ctx: Ctx) => {
    const { startTime, endTime } = value;
    if (startTime == null || endTime == null) return;
    if (endTime < startTime) {
      addCodedIssue(ctx, "START_AFTER_END", "endTime must be >= startTime", ["endTime"]);
    } else if (rule && !withinRange(rule, startTime, endTime)) {
      addCodedIssue(ctx, "TIME_OUT_OF_RANGE", `the time range may be at most ${describeRange(rule)}`, ["endTime"]);
    }
  };
}

/** timeInForce and price are required for LIMIT orders (spot batch elements and contract orders alike). */
export function limitOrderFields(value: { type: string; timeInForce?: string; price?: string }, ctx: Ctx): void {
  if (value.type !== "LIMIT") return;
  if (value.timeInForce === undefined) addCodedIssue(ctx, "PARAMETER_EMPTY", "timeInForce is required when type = LIMIT", ["timeInForce"]);
  if (value.price === undefined) addCodedIssue(ctx, "PARAMETER_EMPTY", "price is required when type = LIMIT", ["price"]);
}
