/**
 * Lossless JSON for the exchange wire.
 *
 * The exchange sends 64-bit ids (often 18 digits) as bare JSON numbers above
 * 2^53, which `JSON.parse` silently rounds. We parse every number from its
 * source text instead:
 *   - integers that fit a double exactly  → number
 *   - larger integers                     → bigint (schemas turn ids into strings)
 *   - anything with a fraction or exponent → the source text as a string, so a
 *     decimal that arrives unquoted keeps every digit.
 */
import { parse as losslessParse } from "lossless-json";

const INTEGER = /^-?\d+$/;

function integerOr(text: string, other: (text: string) => number | string): number | bigint | string {
  if (INTEGER.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  return other(text);
}

const keepText = (text: string): string => text;
const toNumber = (text: string): number => Number(text);

/**
 * Parses JSON text without losing digits of large integers or decimals. Throws SyntaxError on bad JSON.
 *
 * `fractions: "number"` reads non-integers as JS numbers instead: for request
 * bodies, where a decimal sent unquoted (a float) must be told apart from the
 * decimal string the interface asks for.
 */
export function parseJson(text: string, fractions: "text" | "number" = "text"): unknown {
  return losslessParse(text, null, (t) => integerOr(t, fractions === "text" ? keepText : toNumber));
}

// A marker no real string will contain: a NUL (which JSON.stringify escapes as \u0000) and a per-process nonce.
const NONCE = Math.random().toString(36).slice(2, 10);
const BIGINT_MARK = `\u0000${NONCE}:`;
const BIGINT_MARK_ESCAPED = `\\u0000${NONCE}:`;
const BIGINT_MARK_PATTERN = new RegExp(`"\\\\u0000${NONCE}:(-?\\d+)"`, "g");

/**
 * Serialises to JSON, writing bigint values as bare JSON numbers with every
 * digit (as the real exchange sends its order ids).
 */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "bigint" ? `${BIGINT_MARK}${v.toString()}` : v,
  );
  if (text === undefined) throw new TypeError("value is not serialisable as JSON");
  return text.includes(BIGINT_MARK_ESCAPED) ? text.replace(BIGINT_MARK_PATTERN, "$1") : text;
}
