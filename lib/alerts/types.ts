/** What a rule kind's evaluator answers, and what it is given. */
import type { Db } from "../db/client";
import type { RuleKind, ParamsOf } from "./kinds";

/** One condition found true: fired unless its cooldown or an earlier event of the same data holds it back. */
export interface AlertCandidate {
  /** The condition: a coin's fall, one deposit record, one dormant invitee. */
  conditionKey: string;
  /** The data it was found in (the compared period, the last trade day…): the same data never fires twice. */
  subject: string;
  /** Why, in words: which periods were compared, the figures. */
  sentence: string;
  /** The figures, exact decimal strings. */
  figures: Record<string, string>;
  /** The people behind it: invitee and sub-affiliate pages. */
  links: Array<{ label: string; href: string }>;
}

export interface KindResult {
  candidates: AlertCandidate[];
  /** Why nothing could be judged (the warehouse does not hold the period…), in words. */
  notes: string[];
}

export interface EvalInput<K extends RuleKind> {
  db: Db;
  connectionId: string;
  params: ParamsOf<K>;
  now: Date;
  /** When the rule was made: record-based kinds watch records from the day before on, not years of history. */
  ruleCreatedAt: Date;
}

export type Evaluator<K extends RuleKind> = (input: EvalInput<K>) => Promise<KindResult>;
