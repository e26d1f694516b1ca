/**
 * The rows the campaign figures value (lib/campaign-costs/valued-sums), each as a table naming connection_id, day,
 * coin, commission (the amount), fee and `k` (the key a caller groups by):
 * - costs: campaign_costs, each on its UTC day (the day whose close values another coin);
 * - commission since sign-up: the per-invitee day rollup (commission_uid_day, the manager's own commission items of
 *   both sources) of a cohort of sign-ups, only on days from each invitee's UTC sign-up day through `through`.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { CommissionRows } from "../prices/period-values";

/** The key expressions the callers group by: the invite code, the UTC month or the UTC day (YYYY-MM[-DD]). */
export const costKeys = { code: sql`invite_code`, month: sql`to_char(day, 'YYYY-MM')`, day: sql`to_char(day, 'YYYY-MM-DD')` } as const;

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Costs of the connection (of one code, if given) on the UTC days [from, to] (either open). */
export function costRows(connectionId: string, key: SQL, opts: { code?: string; from?: number; to?: number } = {}): CommissionRows {
  const parts: SQL[] = [sql`connection_id = ${connectionId}`];
  if (opts.code !== undefined) parts.push(sql`invite_code = ${opts.code}`);
  if (opts.from !== undefined) parts.push(sql`day >= ${isoDay(opts.from)}::date`);
  if (opts.to !== undefined) parts.push(sql`day <= ${isoDay(opts.to)}::date`);
  return {
    table: sql`(select connection_id, (day::timestamp at time zone 'UTC') as day, coin, amount as commission, 0::numeric as fee, (${key})::text as k
      from campaign_costs where ${sql.join(parts, sql` and `)}) cost_days`,
    where: sql`true`,
  };
}

/** The key expressions over a cohort's commission days: the code, the sign-up month, the commission's day or month. */
export const commissionKeys = {
  code: sql`c.invite_code`,
  signupMonth: sql`to_char(c.register_time at time zone 'UTC', 'YYYY-MM')`,
  cohortAndMonth: sql`to_char(c.register_time at time zone 'UTC', 'YYYY-MM') || '|' || to_char(d.day at time zone 'UTC', 'YYYY-MM')`,
  day: sql`to_char(d.day at time zone 'UTC', 'YYYY-MM-DD')`,
} as const;

/**
 * The commission of the invitees `cohort` selects (conditions on invited_users) since each one's sign-up day, through
 * the UTC day starting at `through` (inclusive).
 */
export function commissionSinceSignupRows(connectionId: string, cohort: SQL, through: number, key: SQL): CommissionRows {
  return {
    table: sql`(select d.connection_id, d.day, d.coin, d.commission, d.fee, (${key})::text as k
      from commission_uid_day d
      join (select uid, invite_code, register_time from invited_users where ${cohort}) c on c.uid = d.uid
      where d.connection_id = ${connectionId}
        and d.day >= (date_trunc('day', c.register_time at time zone 'UTC') at time zone 'UTC')
        and d.day <= ${new Date(through).toISOString()}::timestamptz) since_signup`,
    where: sql`true`,
  };
}

/** The sign-ups of [start, end] (ms), of one code if given: conditions on invited_users. */
export function cohortOf(connectionId: string, range: { start?: number; end?: number; code?: string }): SQL {
  const parts: SQL[] = [sql`connection_id = ${connectionId}`];
  if (range.start !== undefined) parts.push(sql`register_time >= ${new Date(range.start).toISOString()}::timestamptz`);
  if (range.end !== undefined) parts.push(sql`register_time <= ${new Date(range.end).toISOString()}::timestamptz`);
  if (range.code !== undefined) parts.push(sql`invite_code = ${range.code}`);
  return sql.join(parts, sql` and `);
}
