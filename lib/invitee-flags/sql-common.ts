/** What every flag's SQL shares: the optional uid list, and how its rows look (flag-row.ts reads them). */
import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * `and <column> in (…uids)` when the caller asks for some invitees only (an invitee page, a directory page);
 * nothing when it asks for all. The connection-wide figures a rule compares with (a symbol's normal fee rate, a
 * code's usual rate) are always computed over everyone, so asking for one invitee never changes its answer.
 */
export function uidRestriction(column: SQL, uids: readonly string[] | undefined): SQL {
  if (uids === undefined) return sql``;
  return sql` and ${column} in (select value from jsonb_array_elements_text(${JSON.stringify([...new Set(uids)])}::jsonb))`;
}

/**
 * Every flag's statement selects these columns: the invitee, its evidence (a jsonb object of decimal strings, and
 * the code for a burst) and the UTC days it was seen over.
 */
export type FlagRow = {
  uid: string;
  evidence: Record<string, string>;
  from_day: string;
  to_day: string;
};
