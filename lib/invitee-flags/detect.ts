/**
 * The invitee-quality flags of a connection's invitees, computed from the warehouse on demand (never stored, so a
 * changed threshold or a newly synced day changes them at once): `flagsOf` for pages and the API, `uidsWithFlag` as a
 * condition of the directory's query, `flaggedUids` for the alerts.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { commissionCollapseRows } from "./commission-collapse";
import { lowFeeRows } from "./low-fee";
import { roundTripRows } from "./round-trip";
import type { FlagSettings } from "./settings";
import { signupBurstRows } from "./signup-burst";
import type { FlagRow } from "./sql-common";
import { FLAG_KINDS, FLAG_LABELS, ruleInWords, type FlagFilter, type FlagKind, type RaisedFlag } from "./types";

const ROWS: Readonly<Record<FlagKind, (connectionId: string, s: FlagSettings, uids?: readonly string[]) => SQL>> = {
  low_fee: lowFeeRows,
  round_trip: roundTripRows,
  signup_burst: signupBurstRows,
  commission_collapse: commissionCollapseRows,
};

/** Each invitee's raised flags (only invitees with one), for `uids` or everyone, in FLAG_KINDS order. */
export async function flagsOf(
  db: Db,
  connectionId: string,
  settings: FlagSettings,
  uids?: readonly string[],
  kinds: readonly FlagKind[] = FLAG_KINDS,
): Promise<Map<string, RaisedFlag[]>> {
  const out = new Map<string, RaisedFlag[]>();
  if (uids !== undefined && uids.length === 0) return out;
  for (const kind of kinds) {
    const rows = await queryRows<FlagRow>(db, ROWS[kind](connectionId, settings, uids));
    const rule = ruleInWords(kind, settings);
    for (const r of rows) {
      const list = out.get(r.uid) ?? [];
      list.push({ kind, label: FLAG_LABELS[kind], rule, evidence: r.evidence, from: r.from_day, to: r.to_day });
      out.set(r.uid, list);
    }
  }
  return out;
}

/** The uids that `kind` flags now (the alerts' "newly flagged" compares them with what already fired). */
export async function flaggedUids(db: Db, connectionId: string, settings: FlagSettings, kind: FlagKind): Promise<string[]> {
  const rows = await queryRows<{ uid: string }>(db, sql`select distinct uid from (${ROWS[kind](connectionId, settings)}) f order by uid`);
  return rows.map((r) => r.uid);
}

/**
 * A condition on an outer query's uid column: the invitee carries the flag (`any`: one of them). Uncorrelated, so the
 * database computes the flagged set once per statement, not once per row.
 */
export function uidsWithFlag(connectionId: string, filter: FlagFilter, settings: FlagSettings, uidColumn: SQL): SQL {
  const kinds = filter === "any" ? FLAG_KINDS : [filter];
  const sets = sql.join(
    kinds.map((k) => sql`select uid from (${ROWS[k](connectionId, settings)}) f`),
    sql` union `,
  );
  return sql`${uidColumn} in (${sets})`;
}
