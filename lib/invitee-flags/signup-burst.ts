/**
 * Sign-up bursts: a UTC day on which one invite code had at least the minimum sign-ups and the multiple of its usual
 * rate (its mean sign-ups per day over the days before, zeros counted). A code first used less than those days before
 * has no usual rate yet (a campaign's launch) and is not judged. Every invitee of a burst day is flagged.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { FlagSettings } from "./settings";
import { uidRestriction } from "./sql-common";

export function signupBurstRows(connectionId: string, s: FlagSettings, uids?: readonly string[]): SQL {
  const { minSignups, multiple, usualDays, lookbackDays } = s.burst;
  const dayOf = sql`(register_time at time zone 'UTC')::date`;
  // Window frames over each code's days (one sorted pass), not a subquery per code-day.
  return sql`with d as (
      select invite_code as code, ${dayOf} as day, count(*) as n from invited_users where connection_id = ${connectionId} group by 1, 2
    ),
    rated as (
      select code, day, n, min(day) over (partition by code) as first_day,
             coalesce(sum(n) over (partition by code order by day range between make_interval(days => ${usualDays}::int) preceding and interval '1 day' preceding), 0)::numeric
               / ${usualDays}::int as usual
      from d
    ),
    bursts as (
      select code, day, n, usual from rated
      where day >= first_day + ${usualDays}::int and n >= ${minSignups}::int and n >= ${multiple}::numeric * usual
        and day > (select max(day) from d) - ${lookbackDays}::int
    )
    select i.uid,
           jsonb_build_object('inviteCode', b.code, 'signups', b.n::text, 'usualPerDay', round(b.usual, 2)::text) as evidence,
           to_char(b.day, 'YYYY-MM-DD') as from_day, to_char(b.day, 'YYYY-MM-DD') as to_day
    from bursts b join invited_users i on i.connection_id = ${connectionId} and i.invite_code = b.code
      and (i.register_time at time zone 'UTC')::date = b.day${uidRestriction(sql`i.uid`, uids)}`;
}
