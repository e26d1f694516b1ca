/**
 * One shape for every URL parameter a page or an API route could not use: which
 * parameter, what it held, what was wrong in words (never a schema library's
 * message), what the page shows instead, and the change that makes the URL say
 * what is shown. Pages show the sentence and rewrite their URL with `fix`; API
 * routes answer 400 naming the parameter. Pure and zod-free: it runs in the
 * header of every page.
 */
import { patchParams } from "./params";

export interface ParamIssue {
  /** The parameter, as it is spelt in the URL. */
  param: string;
  /** What the URL held, clipped (it is shown back to the person). */
  value: string;
  /** What is wrong, in words: "is not a coin the reports show (USDT or BTC)". */
  problem: string;
  /** What the page shows instead, in words: "USDT", "Last 30 days". */
  usedInstead: string;
  /** Parameters to set (a value) or remove (undefined) so the URL names what is shown. */
  fix: Readonly<Record<string, string | undefined>>;
}

/** Longest piece of a rejected value shown back. */
export const SHOWN_VALUE_LENGTH = 40;

export function clipValue(value: string): string {
  return value.length > SHOWN_VALUE_LENGTH ? `${value.slice(0, SHOWN_VALUE_LENGTH)}…` : value;
}

/** The issue of a parameter whose fallback is its default, which leaves the URL without it. */
export function droppedParam(param: string, value: string, problem: string, usedInstead: string): ParamIssue {
  return { param, value: clipValue(value), problem, usedInstead, fix: { [param]: undefined } };
}

const named = (issue: ParamIssue) => (issue.value === "" ? issue.param : `${issue.param} "${issue.value}"`);

/** The notice's sentence: `coin "DOGE" is not a coin the reports show (USDT or BTC); showing USDT instead.` */
export function issueSentence(issue: ParamIssue): string {
  return `${named(issue)} ${issue.problem}; showing ${issue.usedInstead} instead.`;
}

/** An API refusal's message: `coin: "DOGE" is not a coin the reports show (USDT or BTC)`. */
export function issueMessage(issue: ParamIssue): string {
  return `${issue.param}: ${issue.value === "" ? "" : `"${issue.value}" `}${issue.problem}`;
}

/** The query with every issue's fix applied: the URL of what the page shows. */
export function cleanedParams(current: URLSearchParams | string, issues: readonly ParamIssue[]): URLSearchParams {
  let next = new URLSearchParams(typeof current === "string" ? current : current.toString());
  for (const issue of issues) next = patchParams(next, issue.fix);
  return next;
}
