/**
 * Redaction of a shared report, applied on the server to every answer of a
 * link (live or snapshot) before it leaves, by the kind its contract gives each
 * field (lib/reports/contracts) — never by a field's name: invitee uids become
 * per-link pseudonyms; with "percentages", no amount leaves: a part of a whole
 * becomes its share of that whole, per coin, and a headline figure (a total,
 * which as a share of itself would always read 100 %) becomes its change
 * against the previous period (`Whole` in contracts/fields.ts says which is
 * which). A field the contract does not describe is dropped. Pure functions
 * (decimal.js, never floats).
 */
import Decimal from "decimal.js";
import type { z } from "zod";
import type { RowTransform } from "../export/table-types";
import { kindsIn, mapFields, type FieldKind, type FieldPlace } from "../reports/contracts/fields";
import { periodGap, type Coverage } from "../reports/coverage";
import { comparedDays, DEFAULT_COMPARE, periodOfStretch, previousPeriod, yearAgoPeriod, type CompareChoice, type ReportPeriods } from "../reports/periods";

type MoneyKind = Extract<FieldKind, { kind: "money" }>;
type Row = Record<string, unknown>;

const isRecord = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);
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

/** The change from `before` to `now` in percent (2 dp); null when there is no figure to compare with (none, or zero). */
function changeInPercent(now: unknown, before: unknown): string | null {
  if (!isDecimalText(now) || !isDecimalText(before)) return null;
  const base = new Decimal(before);
  if (base.isZero()) return null;
  return new Decimal(now).minus(base).div(base.abs()).times(100).toDecimalPlaces(2).toFixed(2);
}

/** The sum of `fields` in `row`, when all are exact decimals. */
function sumOf(row: Readonly<Row>, fields: readonly string[]): Decimal | undefined {
  let sum = new Decimal(0);
  for (const f of fields) {
    const v = row[f];
    if (!isDecimalText(v)) return undefined;
    sum = sum.plus(v);
  }
  return sum;
}

/** The rows of the same coin as `row` (rows without a coin belong together). */
const sameCoin = (row: Readonly<Row> | undefined) => (other: unknown): other is Row => isRecord(other) && other.coin === row?.coin;

/** What a share's value is a share of: its kind's `of`, else (or when that is missing) its column's sum, else itself. */
function wholeOf(whole: "column" | { of: string; fields?: readonly string[] }, value: string, place: FieldPlace): Decimal.Value | null {
  const field = place.field;
  if (field === undefined) return value;
  if (whole !== "column" && isRecord(place.root)) {
    const of = place.root[whole.of];
    const source = Array.isArray(of) ? of.find(sameCoin(place.row)) : of;
    const fields = whole.fields ?? [field];
    // A whole the answer holds as null (a USDT total with a day not valued) has no share: never one of the valued part.
    if (isRecord(source) && fields.some((f) => source[f] === null)) return null;
    const total = isRecord(source) ? sumOf(source, fields) : undefined;
    if (total) return total;
  }
  if (place.rows) {
    return place.rows.filter(sameCoin(place.row)).reduce((acc: Decimal, r) => (isRecord(r) && isDecimalText(r[field]) ? acc.plus(r[field]) : acc), new Decimal(0));
  }
  return value;
}

/**
 * The value at `path` in another answer of the same report (the previous period's): objects by name, a list's row
 * by the coin of the row at the same place here (a row without a coin has no counterpart: lists reorder).
 */
function samePlace(other: unknown, place: FieldPlace): unknown {
  let here: unknown = place.root;
  let there: unknown = other;
  for (const step of place.path) {
    if (typeof step === "number") {
      const row = Array.isArray(here) ? here[step] : undefined;
      if (!isRecord(row) || typeof row.coin !== "string" || !Array.isArray(there)) return undefined;
      there = there.find(sameCoin(row));
      here = row;
    } else {
      here = isRecord(here) ? here[step] : undefined;
      there = isRecord(there) ? there[step] : undefined;
    }
  }
  return there;
}

/** The same field in the answer's top-level object `name` (its row of the same coin when it is a list). */
function sibling(place: FieldPlace, name: string): unknown {
  const of = isRecord(place.root) ? place.root[name] : undefined;
  const source = Array.isArray(of) ? of.find(sameCoin(place.row)) : of;
  return isRecord(source) && place.field !== undefined ? source[place.field] : undefined;
}

/**
 * False when the answer's own coverage says the warehouse does not hold the compared period `group` names ("previous",
 * "yearAgo"): a change against days never synced would be a change against zeros (the page shows the reason instead).
 */
function comparedPeriodHeld(root: unknown, group: string | number | undefined): boolean {
  if ((group !== "previous" && group !== "yearAgo") || !isRecord(root)) return true;
  const { coverage } = root;
  const periods = isRecord(root.periods) ? (root.periods as unknown as ReportPeriods) : legacyPeriods(root.range);
  if (!isRecord(coverage) || !periods) return true;
  // The days a change compares (lib/reports/periods.ts): none while today is the period's only, partial, day.
  const days = comparedDays(periods);
  const compared = days[group];
  if (days.current === null || compared === null) return false;
  const held = {
    historyFrom: typeof coverage.historyFrom === "string" ? coverage.historyFrom : null,
    historyTo: typeof coverage.historyTo === "string" ? coverage.historyTo : null,
    incomplete: Array.isArray(coverage.incomplete) ? (coverage.incomplete as Coverage["incomplete"]) : undefined,
  };
  return periodGap(held, periodOfStretch(compared)) === null;
}

/** An answer frozen before answers stated their periods (an older snapshot): its range's days, by the rolling rule it was made with. */
function legacyPeriods(range: unknown): ReportPeriods | null {
  if (!isRecord(range) || typeof range.from !== "string" || typeof range.to !== "string") return null;
  const current = periodOfStretch({ from: range.from, to: range.to });
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const stretch = (p: { start: number; end: number }) => ({ from: day(p.start), to: day(p.end) });
  return { current: { from: range.from, to: range.to }, previous: stretch(previousPeriod(current)), yearAgo: stretch(yearAgoPeriod(current)), partialDay: null };
}

/** The current figure a change compares: the period's whole days while today is partial (`currentWholeDays`). */
function comparedNow(place: FieldPlace, value: unknown): unknown {
  const whole = isRecord(place.root) ? place.root.currentWholeDays : undefined;
  return isRecord(whole) && place.field !== undefined ? whole[place.field] : value;
}

/** A money value as a percentages link shows it (see MoneyKind's `whole`): a share, a change, or null (no change to show). */
function asPercentage(kind: MoneyKind, value: string, place: FieldPlace, previous: PreviousPeriod | undefined, compare: CompareChoice): string | null {
  const { whole } = kind;
  if (whole === "self") {
    if (!previous) return null;
    // While today is partial, the figure a change compares is the current period's whole days (previous-period.ts).
    const now = "currentWholeDays" in previous ? samePlace(previous.currentWholeDays, place) : value;
    return changeInPercent(now, samePlace(previous.answer, place));
  }
  if (typeof whole === "object" && "changeFrom" in whole) {
    // A view compared with a year earlier (the Overview's `compare`): its cards change from that group when it has one.
    const from = whole.changeFrom === "previous" && compare === "yearAgo" && isRecord(place.root) && isRecord(place.root.yearAgo) ? "yearAgo" : whole.changeFrom;
    return comparedPeriodHeld(place.root, from) ? changeInPercent(comparedNow(place, value), sibling(place, from)) : null;
  }
  if (typeof whole === "object" && "changeTo" in whole) {
    // This figure is the earlier period's (the group it sits in: previous, yearAgo).
    return comparedPeriodHeld(place.root, place.path[0]) ? changeInPercent(comparedNow(place, sibling(place, whole.changeTo)), value) : null;
  }
  const of = wholeOf(whole, value, place);
  return of === null ? null : percentOf(value, of);
}

/**
 * The report's answer for the period its view compares with (lib/share/previous-period.ts), read only where its
 * whole range was synced; with `currentWholeDays` (today partial) the current period's answer without today.
 */
export interface PreviousPeriod {
  answer: unknown;
  currentWholeDays?: unknown;
}

/** True when a report has headline totals whose change needs the previous period's answer (`whole: "self"`). */
export function needsPreviousPeriod(schema: z.ZodType): boolean {
  return kindsIn(schema).some((kind) => kind.kind === "money" && kind.whole === "self");
}

/** Money → shares of their whole or changes against the previous period; counts, ratios and everything else are left as they are. */
export function amountsAsPercentages<T>(schema: z.ZodType, report: T, previous?: PreviousPeriod, compare: CompareChoice = DEFAULT_COMPARE): T {
  return mapFields(schema, report, (kind, value, place) => {
    // A rebate rate is commission over fee: with it and any one amount, a partner has the other. Withheld.
    if (kind.kind === "ratio" && kind.rate) return null;
    if (kind.kind !== "money") return value;
    // A money field must not leave as an amount, whatever it holds.
    if (!isDecimalText(value)) return null;
    return asPercentage(kind, value, place, previous, compare);
  }) as T;
}

export interface Redaction {
  maskUid?: (uid: string) => string;
  percentages: boolean;
  /** With `percentages`: the previous period's answer, for the headline totals' changes (without it they show no change). */
  previous?: PreviousPeriod | undefined;
  /** What the link's view compares with: headline changes are against it. */
  compare?: CompareChoice | undefined;
}

/** A shared answer as its link allows it: `schema` is the report's answer schema (REPORT_CONTRACTS[report].answer). */
export function redactReport<T>(schema: z.ZodType, report: T, redaction: Redaction): T {
  let out = mapFields(schema, report, (_kind, value) => value) as T;
  if (redaction.maskUid) out = maskUids(schema, out, redaction.maskUid);
  if (redaction.percentages) out = amountsAsPercentages(schema, out, redaction.previous, redaction.compare);
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
