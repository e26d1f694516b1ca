/**
 * Reads a screen's URL parameters one by one, each with its own schema: a
 * parameter that is absent or empty takes its fallback quietly; one that does
 * not pass takes its fallback too, and becomes a ParamIssue whose words are
 * the rule's own (`expected`), never the schema library's message. So every
 * page and route treats every bad parameter the same way.
 */
import type { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { droppedParam, type ParamIssue } from "./param-issues";
import { readParam, type SearchParamsLike } from "./params";

export interface FieldRule<T> {
  /** Parses the raw text (no `.catch`: a failure is an issue). */
  schema: z.ZodType<T, unknown>;
  /** The value when the parameter is absent, empty or unusable. */
  fallback: T;
  /** What a usable value looks like, in words: "a whole number from 1 to 100". */
  expected: string;
  /** The fallback in words for the notice; default: the fallback itself, or "none" when it is empty. */
  fallbackWords?: string;
}

export type FieldRules<S> = { readonly [K in keyof S]: FieldRule<S[K]> };

export function fallbackWordsOf<T>(rule: FieldRule<T>): string {
  if (rule.fallbackWords !== undefined) return rule.fallbackWords;
  return rule.fallback === "" || rule.fallback === undefined ? "none" : String(rule.fallback);
}

/** Every field of `rules` read from `params`: the values, and the issues of those that could not be used. */
export function readFields<S extends Record<string, unknown>>(params: SearchParamsLike, rules: FieldRules<S>): { values: S; issues: ParamIssue[] } {
  const values = {} as S;
  const issues: ParamIssue[] = [];
  for (const name of Object.keys(rules) as Array<keyof S & string>) {
    const rule = rules[name];
    const raw = readParam(params, name);
    if (raw === undefined || raw.trim() === "") {
      values[name] = rule.fallback;
      continue;
    }
    const parsed = rule.schema.safeParse(raw);
    if (parsed.success) values[name] = parsed.data;
    else {
      values[name] = rule.fallback;
      issues.push(droppedParam(name, raw, `is not ${rule.expected}`, fallbackWordsOf(rule)));
    }
  }
  return { values, issues };
}
