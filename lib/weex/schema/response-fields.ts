/**
 * Zod building blocks for reading exchange responses tolerantly: both
 * renderings of Long ids, numbers or strings where the real exchange varies,
 * unknown enum values kept as they came, extra fields kept (loose objects).
 */
import { z } from "zod";

/**
 * The interface's grammars for what it sends as text. A decimal is digits with an optional fraction and sign: never
 * "NaN", "Infinity", an exponent, an empty string or more digits than any amount has (PostgreSQL's numeric would store
 * the first two, and one NaN poisons every sum it enters). A Long id is digits only.
 */
const DECIMAL_TEXT = /^-?\d{1,24}(\.\d{1,24})?$/;
const ID_TEXT = /^\d{1,24}$/;

/** A Long id rendered as a JSON number (possibly above 2^53, parsed as bigint) or a string; always a digit string for us. */
export const idOut = () =>
  z
    .union([z.string(), z.number().int(), z.bigint()])
    .transform((v) => (typeof v === "string" ? v : v.toString()))
    .pipe(z.string().regex(ID_TEXT, "not an id (digits only)"));

/** A Long id that may be absent or null (e.g. orderId of a failed batch element). */
export const optionalIdOut = () => idOut().nullish();

/** A decimal amount: a string as the spec says, tolerated as a JSON number (kept digit for digit by our parser). */
export const decimalOut = () =>
  z
    .union([z.string(), z.number(), z.bigint()])
    .transform((v) => (typeof v === "string" ? v : v.toString()))
    .pipe(z.string().regex(DECIMAL_TEXT, "not a decimal (digits, an optional fraction and sign)"));

/** A millisecond timestamp, sometimes rendered as a string. */
export const millisOut = () =>
  z.union([z.number(), z.bigint(), z.string().regex(/^-?\d+$/)]).transform((v) => Number(v));

/** A count (total, pages), tolerated as a string. */
export const countOut = millisOut;

/** An integer that may come as a string ("8"), as baseAssetPrecision does (addendum). */
export const intOut = millisOut;

/**
 * An enum the spec names some values of. Known values get autocompletion;
 * unknown values (UNTRIGGERED, TAKE_PROFIT_MARKET, …) are kept, never rejected.
 */
export const openEnum = <const T extends readonly string[]>(_known: T) =>
  z.string() as unknown as z.ZodType<T[number] | (string & {}), string>;

export const loose = z.looseObject;
