/**
 * The fields a report answer is made of, each with its kind: what the value
 * means, so every consumer (share-link redaction, CSV columns, pages) decides by
 * kind and never by a field's name. A report's answer schema is built only from
 * these builders: a plain zod schema in it does not typecheck, so a field
 * cannot be added without saying what it holds. Browser-safe (no server code).
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import type { Coin } from "../filters";

/**
 * Where a money value's coin comes from: a fixed coin or the `coin` field of its
 * own row. There is no "all coins": amounts in different coins are never added.
 */
export type CoinSource = Coin | "row";

/**
 * How a money value shows on a percentages link (lib/share/redact.ts). A part of a whole shows as its share:
 * `column` (of the sum of its column, per coin of the rows), or of the same field — or the sum of `fields` — in
 * the answer's top-level object `of` (in `of`'s row of the same coin when `of` is a list of per-coin rows).
 * A headline figure — a total, which as a share would always be 100 % — shows as its change against the
 * previous period (lib/reports/periods.ts): `self` finds the previous figure at the same place in the report's
 * answer for the previous period (rows matched by coin); `{ changeFrom }` in the same field of this answer's
 * top-level object `changeFrom` (the Overview's `previous`). A comparison period's own figure, `{ changeTo }`,
 * shows as the change of the same field of `changeTo` (the current period) against it.
 */
export type Whole = "self" | "column" | { of: string; fields?: readonly string[] } | { changeFrom: string } | { changeTo: string };

export type FieldKind =
  | { kind: "money"; coin: CoinSource; whole: Whole }
  | { kind: "count" }
  /**
   * Fractions and shares: already relative, shown as they are on every link. `rate`: one amount over another of the
   * same money (commission ÷ fee: the rebate rate), which tells a partner the pricing a percentages link hides — withheld there.
   */
  | { kind: "ratio"; rate?: true }
  /** Invitee uids are masked on links that say so; sub-affiliates are partners, shown as they are. */
  | { kind: "uid"; of: "invitee" | "sub-affiliate" }
  /** A day or month (YYYY-MM-DD, YYYY-MM), or with `instant` a moment in epoch ms (exports write it as a UTC time). */
  | { kind: "date"; instant?: true }
  | { kind: "flag" }
  | { kind: "text" };

declare const described: unique symbol;
/** A schema whose every value has a kind: a kinded leaf, or a group or list of them. */
export type Described<S extends z.ZodType = z.ZodType> = S & DescribedMark;
interface DescribedMark {
  readonly [described]: true;
}

const kinds = new WeakMap<z.ZodType, FieldKind>();

function kinded<S extends z.ZodType>(schema: S, kind: FieldKind): Described<S> {
  kinds.set(schema, kind);
  return schema as Described<S>;
}

/** The kind of a leaf schema (undefined for groups and lists). */
export const kindOf = (schema: z.ZodType): FieldKind | undefined => kinds.get(schema);

/** The kind a described leaf was built with; for table columns, which take their kinds from the answer's fields. */
export function kindOfField(schema: DescribedMark): FieldKind {
  const kind = kinds.get(schema as unknown as z.ZodType);
  if (!kind) throw new Error("not a kinded field");
  return kind;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** Exact decimal text (SQL numeric as text), never a float. */
const decimalText = () => z.string().regex(DECIMAL);

export const money = (coin: CoinSource, whole: Whole = "column") => kinded(decimalText(), { kind: "money", coin, whole });
export const count = () => kinded(z.number().int(), { kind: "count" });
/** A count sent as text (the Overview's figures are all text). */
export const countText = () => kinded(decimalText(), { kind: "count" });
export const ratio = () => kinded(decimalText(), { kind: "ratio" });
/** A rebate rate (commission ÷ fee, or the items' own rate): a ratio a percentages link withholds (lib/share/redact.ts). */
export const rate = () => kinded(decimalText(), { kind: "ratio", rate: true });
/** Hours between steps (a float of the database's median): a measure, not money. */
export const hours = () => kinded(z.number(), { kind: "count" });
export const uid = (of: "invitee" | "sub-affiliate") => kinded(z.string(), { kind: "uid", of });
/** A calendar day or bucket start, YYYY-MM-DD. */
export const day = () => kinded(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), { kind: "date" });
/** A calendar month, YYYY-MM (retention cohorts). */
export const month = () => kinded(z.string().regex(/^\d{4}-\d{2}$/), { kind: "date" });
/** An instant in epoch milliseconds. */
export const instant = () => kinded(z.number().int(), { kind: "date", instant: true });
export const flag = () => kinded(z.boolean(), { kind: "flag" });
export const text = () => kinded(z.string(), { kind: "text" });
/** One of a fixed set of values (the interface's enums). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => kinded(z.enum(values), { kind: "text" });
/** A numeric code of the interface (sourceType): a name, not a quantity. */
export const code = () => kinded(z.number().int(), { kind: "text" });

/** The same field, or null (a milestone not reached, a median of nothing). */
export function orNull<S extends z.ZodType>(field: Described<S>): Described<z.ZodNullable<S>> {
  return kinded(field.nullable(), kindOfField(field));
}

/** An object of described fields; unknown keys are refused, so an answer cannot carry a field its contract lacks. */
/** A group that may be null as a whole (the Overview's whole-day figures): walked as its group when present. */
export function groupOrNull<S extends z.ZodObject>(g: Described<S>): Described<z.ZodNullable<S>> {
  return g.nullable() as Described<z.ZodNullable<S>>;
}

export function group<const T extends Record<string, Described>>(shape: T): Described<z.ZodObject<T, z.core.$strict>> {
  return z.strictObject(shape) as Described<z.ZodObject<T, z.core.$strict>>;
}

/** A field an answer may leave out (coverage's incomplete days): walked as its field when present. */
export function optional<S extends Described>(field: S): Described<z.ZodOptional<S>> {
  return field.optional() as unknown as Described<z.ZodOptional<S>>;
}

export function list<S extends Described>(item: S): Described<z.ZodArray<S>> {
  return z.array(item) as Described<z.ZodArray<S>>;
}

/** Where a leaf sits: the answer, the row (object) holding it and its field, the list holding that row or leaf, and its path from the answer. */
export interface FieldPlace {
  root: unknown;
  row: Readonly<Record<string, unknown>> | undefined;
  field: string | undefined;
  rows: readonly unknown[] | undefined;
  path: ReadonlyArray<string | number>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A copy of `value` (shaped by `schema`) with every kinded leaf replaced by
 * `replace(kind, value, place)`. A field the schema does not describe is
 * dropped: what has no kind never leaves unredacted.
 */
/** Every kind of `schema`'s leaves (groups, lists and nullable fields walked). */
export function kindsIn(schema: z.ZodType): FieldKind[] {
  const kind = kinds.get(schema);
  if (kind) return [kind];
  if (schema instanceof z.ZodObject) return Object.values(schema.shape as Record<string, z.ZodType>).flatMap(kindsIn);
  if (schema instanceof z.ZodArray) return kindsIn(schema.element as z.ZodType);
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) return kindsIn(schema.unwrap() as z.ZodType);
  return [];
}

export function mapFields(schema: z.ZodType, value: unknown, replace: (kind: FieldKind, value: unknown, place: FieldPlace) => unknown): unknown {
  const walk = (s: z.ZodType, v: unknown, place: FieldPlace): unknown => {
    const path = place.path;
    if (v === null || v === undefined) return v;
    const kind = kinds.get(s);
    if (kind) return replace(kind, v, place);
    if (s instanceof z.ZodObject && isRecord(v)) {
      const shape = s.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [field, fv] of Object.entries(v)) {
        const fs = shape[field];
        if (fs) out[field] = walk(fs, fv, { root: value, row: v, field, rows: place.field === undefined ? place.rows : undefined, path: [...path, field] });
      }
      return out;
    }
    // A nullable group (groupOrNull) that holds a value, or an optional field that is present: walked as what it wraps.
    if (s instanceof z.ZodNullable || s instanceof z.ZodOptional) return walk(s.unwrap() as z.ZodType, v, place);
    if (s instanceof z.ZodArray && Array.isArray(v)) return v.map((item, i) => walk(s.element as z.ZodType, item, { root: value, row: undefined, field: undefined, rows: v, path: [...path, i] }));
    return v;
  };
  return walk(schema, value, { root: value, row: undefined, field: undefined, rows: undefined, path: [] });
}
