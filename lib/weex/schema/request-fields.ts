/**
 * Zod building blocks for request parameters.
 *
 * One schema serves both sides of the wire: our client validates typed
 * parameters before signing, and the sandbox validates what it received (query
 * strings arrive as text, JSON bodies as lossless JSON). So every block accepts
 * the typed value and its text rendering, and rejects anything else. Blocks are
 * unions (not preprocessors) so that the typed input of the client stays precise.
 */
import { z } from "zod";

/** Characters allowed in client order / algo ids (spec 8). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9.:/_-]{1,36}$/;
const INTEGER_TEXT = /^-?\d+$/;
const DIGITS = /^\d+$/;
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

interface IntBounds {
  min?: number;
  max?: number;
}

/** An Integer parameter (limit, page…), as a number or its text. Bounds violations are "validation failed" (-1140). */
export const int = (bounds: IntBounds = {}) => {
  let n = z.number().int();
  if (bounds.min !== undefined) n = n.min(bounds.min);
  if (bounds.max !== undefined) n = n.max(bounds.max);
  return z.union([z.number(), z.string().regex(INTEGER_TEXT, "must be an integer").transform(Number)]).pipe(n);
};

/** A Long millisecond timestamp. */
export const timestamp = () => int({ min: 0 }).refine(Number.isSafeInteger, "must be a millisecond timestamp");

/**
 * A Long id (orderId, uid, bill id). Accepted as bigint, a safe integer or a
 * string of digits; a canonical digit string afterwards, so no digit of an
 * 18-digit id is ever lost.
 */
export const longId = () =>
  z
    .union([
      z.string().regex(DIGITS, "must be a string of digits"),
      z.bigint().nonnegative(),
      z.number().int().nonnegative().refine(Number.isSafeInteger, "ids above 2^53 must be sent as strings"),
    ])
    .transform((v) => BigInt(v).toString());

/** A decimal string (quantity, price). Strings only: a float would have lost digits already. */
export const decimal = () => z.string().regex(DECIMAL_TEXT, 'must be a decimal string like "0.01"');

/** A decimal string greater than zero. */
export const positiveDecimal = () => decimal().refine((v) => /[1-9]/.test(v), "must be greater than 0");

export const clientId = () => z.string().regex(CLIENT_ID_PATTERN, "1-36 characters from letters, digits, . : / _ -");

/** A trading pair code. */
export const symbol = () => z.string().regex(/^[A-Z0-9]{2,30}$/, "must be a trading pair code like BTCUSDT");

function splitSymbols(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return trimmed;
    }
  }
  return trimmed.split(",").map((s) => s.trim());
}

/** A list of symbols: an array, a comma-separated string, or a JSON array text (the renderings the spec allows). */
export const symbolList = () =>
  z.union([z.array(z.string()), z.string().transform(splitSymbols)]).pipe(z.array(symbol()).min(1));

/** An enumeration parameter; its own refusal code comes from the field name (see validation.ts). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);
