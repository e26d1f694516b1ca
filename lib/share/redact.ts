/**
 * Redaction of a shared report, applied on the server to every answer of a
 * link (live or snapshot) before it leaves, by the kind its contract gives each
 * field (lib/reports/contracts) — never by a field's name: invitee uids become
 * per-link pseudonyms; with "percentages", every money value becomes its share
 * of the whole it belongs to, per coin, so partners see the shape of the
 * business without its size. A field the contract does not describe is dropped.
 * Pure functions (decimal.js, never floats).
 */
import Decimal from "decimal.js";
import type { z } from "zod";
import type { RowTransform } from "../export/table-types";
import { mapFields, type FieldKind, type FieldPlace } from "../reports/contracts/fields";

type MoneyKind = Extract<FieldKind, { kind: "money" }>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isDecimalText = (v: unknown): v is string => typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v);
const isInviteeUid = (kind: FieldKind): boolean => kind.kind === "uid" && kind.of === "invitee";

export function maskUids<T>(schema: z.ZodType, report: T, mask: (uid: string) => string): T {
  return mapFields(schema, report, (kind, value) => (isInviteeUid(kind) && typeof value === "string" ? mask(value) : value)) as T;
}

const percentOf = (value: string, whole: Decimal.Value): string => {
  const total = new Decimal(whole);
  if (total.isZero()) return "0";
  return new Decimal(value).div(total).times(100).toDecimalPlaces(2).toFixed(2);
};

/** The sum of `fields` in `row`, when all are exact decimals. */
function sumOf(row: Readonly<Record<string, unknown>>, fields: readonly string[]): Decimal | undefined {
  let sum = new Decimal(0);
  for (const f of fields) {
    const v = row[f];
    if (!isDecimalText(v)) return undefined;
    sum = sum.plus(v);
  }
  return sum;
}

/** The rows of the same coin as `row` (rows without a coin belong together). */
const sameCoin = (row: Readonly<Record<string, unknown>> | undefined) => (other: unknown): other is Record<string, unknown> =>
  isRecord(other) && other.coin === row?.coin;

/** What a money value is a share of: its kind's `whole`, else (or when that is missing) its column's sum, else itself. */
function wholeOf(kind: MoneyKind, value: string, place: FieldPlace): Decimal.Value {
  const { whole } = kind;
  const field = place.field;
  if (whole === "self" || field === undefined) return value;
  if (whole !== "column" && isRecord(place.root)) {
    const of = place.root[whole.of];
    const source = Array.isArray(of) ? of.find(sameCoin(place.row)) : of;
    const total = isRecord(source) ? sumOf(source, whole.fields ?? [field]) : undefined;
    if (total) return total;
  }
  if (place.rows) {
    return place.rows.filter(sameCoin(place.row)).reduce((acc: Decimal, r) => (isDecimalText(r[field]) ? acc.plus(r[field]) : acc), new Decimal(0));
  }
  return value;
}

/** Money → percentages of its whole; counts, ratios and everything else are left as they are. */
export function amountsAsPercentages<T>(schema: z.ZodType, report: T): T {
  return mapFields(schema, report, (kind, value, place) => {
    if (kind.kind !== "money") return value;
    // A money field must not leave as an amount, whatever it holds.
    if (!isDecimalText(value)) return "0";
    return percentOf(value, wholeOf(kind, value, place));
  }) as T;
}

export interface Redaction {
  maskUid?: (uid: string) => string;
  percentages: boolean;
}

/** A shared answer as its link allows it: `schema` is the report's answer schema (REPORT_CONTRACTS[report].answer). */
export function redactReport<T>(schema: z.ZodType, report: T, redaction: Redaction): T {
  let out = mapFields(schema, report, (_kind, value) => value) as T;
  if (redaction.maskUid) out = maskUids(schema, out, redaction.maskUid);
  if (redaction.percentages) out = amountsAsPercentages(schema, out);
  return out;
}

/** The same uid masking for CSV rows (keyed by column key): every column of invitee-uid kind. */
export function maskCsvRow(mask: (uid: string) => string): RowTransform {
  return (row, columns) => {
    const out = { ...row };
    for (const c of columns) {
      const value = out[c.key];
      if (isInviteeUid(c.kind) && value) out[c.key] = mask(value);
    }
    return out;
  };
}
