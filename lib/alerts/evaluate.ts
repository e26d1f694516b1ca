/**
 * Evaluating a connection's rules: after every sync run that changed rows
 * (lib/alerts/hooks.ts), on a timer for the sync-health kind, and on an
 * admin's "Evaluate now". Paused rules are skipped, muted ones judged but not
 * fired, and a rule whose creator may no longer read affiliate reports fires
 * nothing (it never shows more than its creator may see).
 */
import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { hasRole } from "../auth/roles";
import { findUserById } from "../auth/users";
import { now as clockNow } from "../clock";
import type { Db } from "../db/client";
import { alertRules, type AlertEventRow, type AlertRuleRow } from "../db/schema";
import { EVALUATORS } from "./evaluators";
import { channelsSchema, ruleParamsSchema, type RuleKind, type RuleParams } from "./kinds";
import { fireCandidate } from "./fire";
import type { EvalInput, KindResult } from "./types";

export interface RuleOutcome {
  ruleId: string;
  name: string;
  fired: number;
  /** Conditions found true but held back (cooldown, the same data, a mute). */
  held: number;
  notes: string[];
}

export interface EvaluationOptions {
  now?: Date;
  /** Only these kinds (the timer: sync-health). */
  kinds?: readonly RuleKind[];
}

function runEvaluator(db: Db, rule: AlertRuleRow, params: RuleParams, now: Date): Promise<KindResult> {
  const input = { db, connectionId: rule.connectionId, params, now, ruleCreatedAt: rule.createdAt };
  // The params' kind picks its evaluator; the cast joins the two halves TypeScript cannot correlate.
  return (EVALUATORS[params.kind] as (i: EvalInput<RuleKind>) => Promise<KindResult>)(input as EvalInput<RuleKind>);
}

export async function evaluateRule(db: Db, rule: AlertRuleRow, now: Date): Promise<{ outcome: RuleOutcome; events: AlertEventRow[] }> {
  const outcome: RuleOutcome = { ruleId: rule.id, name: rule.name, fired: 0, held: 0, notes: [] };
  const events: AlertEventRow[] = [];
  const owner = await findUserById(db, rule.ownerUserId);
  if (!owner || !hasRole(owner.role, "analyst")) {
    outcome.notes.push("Not evaluated: the rule's creator may no longer read affiliate reports.");
    return { outcome, events };
  }
  const params = ruleParamsSchema.safeParse(rule.params);
  const channels = channelsSchema.safeParse(rule.channels);
  if (!params.success || !channels.success) {
    outcome.notes.push("Not evaluated: the rule's settings are no longer valid; edit it.");
    return { outcome, events };
  }
  const result = await runEvaluator(db, rule, params.data, now);
  outcome.notes.push(...result.notes);
  const muted = rule.mutedUntil !== null && rule.mutedUntil > now;
  if (muted && result.candidates.length > 0) outcome.notes.push(`Muted until ${rule.mutedUntil!.toISOString().slice(0, 16).replace("T", " ")} UTC.`);
  for (const candidate of result.candidates) {
    const event = muted ? null : await fireCandidate(db, rule, channels.data, candidate, now);
    if (event) {
      events.push(event);
      outcome.fired += 1;
    } else outcome.held += 1;
  }
  return { outcome, events };
}

/** Every active rule of the connection (of the given kinds); one rule's failure does not stop the others. */
export async function evaluateConnection(db: Db, connectionId: string, options: EvaluationOptions = {}): Promise<{ outcomes: RuleOutcome[]; events: AlertEventRow[] }> {
  const now = options.now ?? clockNow();
  const rules = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.connectionId, connectionId), isNull(alertRules.pausedAt), options.kinds ? inArray(alertRules.kind, [...options.kinds]) : undefined));
  const outcomes: RuleOutcome[] = [];
  const events: AlertEventRow[] = [];
  for (const rule of rules) {
    try {
      const r = await evaluateRule(db, rule, now);
      outcomes.push(r.outcome);
      events.push(...r.events);
    } catch (error) {
      console.error(`[alerts] rule ${rule.id}: ${error instanceof Error ? error.message : String(error)}`);
      outcomes.push({ ruleId: rule.id, name: rule.name, fired: 0, held: 0, notes: ["The evaluation failed; it is tried again after the next sync."] });
    }
  }
  return { outcomes, events };
}
