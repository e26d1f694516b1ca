/**
 * Redaction of a shared report, applied on the server to every answer of a
 * link (live or snapshot) before it leaves: invitee uids become per-link
 * pseudonyms; with "percentages", every amount becomes its share of the total
 * it belongs to, so partners see the shape of the business without its size.
 * Pure functions over the report JSON (decimal.js, never floats).
 */
import Decimal from "decimal.js";

/** Fields that hold invitee uids (sub-affiliate uids are partners, shown as they are). */
const UID_FIELDS = new Set(["uid"]);
/** Arrays whose `key` is an invitee uid (commissions' top invitees). */
const UID_KEY_ARRAYS = new Set(["topInvitees"]);

/** Money fields of the five reports; counts, rates and shares are left as they are. */
export const AMOUNT_FIELDS = new Set([
  "commission",
  "fee",
  "netFee",
  "takerVolume",
  "makerVolume",
  "volume",
  "tradingVolume",
  "netTradingFee",
  "paidCommission",
  "depositAmount",
  "withdrawalAmount",
  "netDeposit",
  "netDeposits",
  "spotTradingAmount",
  "futuresTradingAmount",
]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

export function maskUids<T>(report: T, mask: (uid: string) => string): T {
  const walk = (node: Json, parentKey?: string): Json => {
    if (Array.isArray(node)) return node.map((item) => walk(item, parentKey));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string" && (UID_FIELDS.has(key) || (key === "key" && parentKey !== undefined && UID_KEY_ARRAYS.has(parentKey)))) out[key] = mask(value);
      else out[key] = walk(value, key);
    }
    return out;
  };
  return walk(report as Json) as T;
}

const percentOf = (value: string, total: Decimal.Value): string => {
  const whole = new Decimal(total);
  if (whole.isZero()) return "0";
  return new Decimal(value).div(whole).times(100).toDecimalPlaces(2).toFixed(2);
};

const isDecimalText = (v: Json | undefined): v is string => typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v);

/**
 * Amounts → percentages. The total an amount is a share of: the report's
 * `totals` (an object, or one row per coin), else the sum of the field over its
 * own table (per coin when rows carry one). Overview figures are shares of the
 * current period's figure (current = 100).
 */
export function amountsAsPercentages<T>(report: T): T {
  const root = report as Json;
  if (!isObject(root)) return report;
  if (isObject(root.current) && isObject(root.previous)) return overviewAsPercentages(root) as T;
  const totals = root.totals;
  const totalFor = (field: string, coin: string | undefined): string | undefined => {
    if (isObject(totals) && isDecimalText(totals[field])) return totals[field];
    // One row per coin: a row without a coin has no single total unless there is one coin.
    if (Array.isArray(totals) && (coin !== undefined || totals.length === 1)) {
      const row = totals.find((t) => isObject(t) && (coin === undefined || t.coin === coin));
      if (isObject(row)) {
        if (isDecimalText(row[field])) return row[field];
        if (field === "volume" && isDecimalText(row.takerVolume) && isDecimalText(row.makerVolume)) return new Decimal(row.takerVolume).plus(row.makerVolume).toFixed();
      }
    }
    return undefined;
  };
  const walk = (node: Json, isTotals: boolean): Json => {
    if (Array.isArray(node)) {
      const sums = new Map<string, Decimal>();
      const keyOf = (field: string, row: JsonObject) => `${field}\n${typeof row.coin === "string" ? row.coin : ""}`;
      for (const row of node) {
        if (!isObject(row)) continue;
        for (const [field, value] of Object.entries(row)) {
          if (AMOUNT_FIELDS.has(field) && isDecimalText(value)) sums.set(keyOf(field, row), (sums.get(keyOf(field, row)) ?? new Decimal(0)).plus(value));
        }
      }
      return node.map((row) => {
        if (!isObject(row)) return walk(row, isTotals);
        const out: JsonObject = {};
        for (const [field, value] of Object.entries(row)) {
          if (AMOUNT_FIELDS.has(field) && isDecimalText(value)) {
            const coin = typeof row.coin === "string" ? row.coin : undefined;
            const whole = isTotals ? value : (totalFor(field, coin) ?? sums.get(keyOf(field, row))?.toFixed() ?? "0");
            out[field] = percentOf(value, whole);
          } else out[field] = walk(value, false);
        }
        return out;
      });
    }
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [field, value] of Object.entries(node)) {
      if (AMOUNT_FIELDS.has(field) && isDecimalText(value)) {
        out[field] = percentOf(value, isTotals ? value : (totalFor(field, undefined) ?? value));
      } else out[field] = walk(value, field === "totals");
    }
    return out;
  };
  return walk(root, false) as T;
}

function overviewAsPercentages(root: JsonObject): JsonObject {
  const current = root.current as JsonObject;
  const scale = (figures: Json | undefined): Json => {
    if (figures === undefined) return null;
    if (!isObject(figures)) return figures;
    const out: JsonObject = {};
    for (const [field, value] of Object.entries(figures)) {
      const base = current[field];
      out[field] = AMOUNT_FIELDS.has(field) && isDecimalText(value) && isDecimalText(base) ? percentOf(value, base) : value;
    }
    return out;
  };
  const trend = Array.isArray(root.trend) ? root.trend : [];
  const trendTotals = new Map<string, Decimal>();
  for (const row of trend) {
    if (!isObject(row)) continue;
    for (const [field, value] of Object.entries(row)) {
      if (AMOUNT_FIELDS.has(field) && isDecimalText(value)) trendTotals.set(field, (trendTotals.get(field) ?? new Decimal(0)).plus(value));
    }
  }
  return {
    ...root,
    current: scale(root.current),
    previous: scale(root.previous),
    yearAgo: scale(root.yearAgo),
    trend: trend.map((row) => {
      if (!isObject(row)) return row;
      const out: JsonObject = { ...row };
      for (const [field, value] of Object.entries(row)) {
        if (AMOUNT_FIELDS.has(field) && isDecimalText(value)) out[field] = percentOf(value, trendTotals.get(field) ?? 0);
      }
      return out;
    }),
  };
}

export interface Redaction {
  maskUid?: (uid: string) => string;
  percentages: boolean;
}

export function redactReport<T>(report: T, redaction: Redaction): T {
  let out = report;
  if (redaction.maskUid) out = maskUids(out, redaction.maskUid);
  if (redaction.percentages) out = amountsAsPercentages(out);
  return out;
}

/**
 * The same uid masking for CSV rows (keyed by column key): the `uid` column of
 * any table, and the key column of the top-invitees table.
 */
export function maskCsvRow(mask: (uid: string) => string) {
  return (table: string, row: Record<string, string>): Record<string, string> => {
    const out = { ...row };
    if (out.uid) out.uid = mask(out.uid);
    if (table === "top-invitees" && out.key) out.key = mask(out.key);
    return out;
  };
}
