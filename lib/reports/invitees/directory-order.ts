/**
 * The ordered page of the invitee directory (its `page` rows before their
 * figures are joined), and the keyset seek it resumes after. Sorting by a range
 * figure (commission, volume, …) reads the figure's per-invitee sums (`fig`:
 * uid, key) first; the page is then the invitees with a figure, in its order,
 * followed by those without one (nulls last), by uid. Each part is a top-N on
 * its own — the sums sorted and joined to invited_users by key until the page is
 * full, and the invitees without a figure read in uid order — rather than
 * joining every invitee to the sums and sorting them all (at 50 000 invitees that
 * join and sort were most of the statement's time). Same rows, same order.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";

/** Where a keyset read resumes: after this row's exact sort key (as text) and uid. */
export interface DirectorySeek {
  key: string | null;
  uid: string;
}

/** The page's window: a limit and offset, or a limit after a keyset position. */
export interface DirectoryWindow {
  limit: number;
  offset: number;
  seek: DirectorySeek | null;
}

/** The columns of a page row: invited_users `i` and the sort key as exact text. */
const COLUMNS = sql`i.uid, i.register_time, i.kyc_result, i.invite_code, i.first_deposit, i.last_deposit, i.first_trade, i.last_trade`;

/**
 * Rows after the last one read, in `key dir nulls last, uid dir`: the key travels
 * as exact text and is cast back, so nothing is rounded. `key` may be a constant
 * null (the part of a figure sort without figures).
 */
export function seekAfter(seek: DirectorySeek | null, key: SQL, type: string, nullable: boolean, dir: "asc" | "desc", byUidOnly: boolean): SQL {
  if (!seek) return sql``;
  const beyond = sql.raw(dir === "asc" ? ">" : "<");
  if (byUidOnly) return sql` and i.uid ${beyond} ${seek.uid}`;
  if (seek.key === null) return sql` and ${key} is null and i.uid ${beyond} ${seek.uid}`;
  const after = sql`${seek.key}::${sql.raw(type)}`;
  return sql` and (${key} ${beyond} ${after} or (${key} = ${after} and i.uid ${beyond} ${seek.uid})${nullable ? sql` or ${key} is null` : sql``})`;
}

/** The page by a column of invited_users (or a key computed per row): one ordered read. */
export function columnPage(where: SQL, key: SQL, type: string, nullable: boolean, dir: "asc" | "desc", byUidOnly: boolean, w: DirectoryWindow): SQL {
  const d = sql.raw(dir);
  const nulls = sql.raw(nullable ? " nulls last" : "");
  return sql`select ${COLUMNS}, ${key}::text as sort_key
      from invited_users i
      where ${where}${seekAfter(w.seek, key, type, nullable, dir, byUidOnly)}
      order by ${key} ${d}${nulls}, i.uid ${d}
      limit ${w.limit} offset ${w.offset}`;
}

/**
 * The page by a range figure, given the CTE `fig` (uid, key): the invitees with
 * a figure (top-N of the sums, each joined to its invited_users row through the
 * primary key) then those without (top-N by uid, anti-joined to the sums), each
 * part cut to what the window can reach, merged in the same order the single
 * sort gave.
 */
export function figurePage(connectionId: string, where: SQL, dir: "asc" | "desc", w: DirectoryWindow): SQL {
  const d = sql.raw(dir);
  const reach = w.limit + w.offset;
  const withFigure = sql`f.key`;
  const without = sql`null::numeric`;
  return sql`select uid, register_time, kyc_result, invite_code, first_deposit, last_deposit, first_trade, last_trade, sort_key from (
      (select ${COLUMNS}, ${withFigure}::text as sort_key, 0 as part, ${withFigure} as k
       from (select uid, key from fig where key is not null order by key ${d}, uid ${d}) f
       join invited_users i on i.connection_id = ${connectionId} and i.uid = f.uid
       where ${where}${seekAfter(w.seek, withFigure, "numeric", true, dir, false)}
       order by f.key ${d}, f.uid ${d}
       limit ${reach})
      union all
      (select ${COLUMNS}, null::text, 1, ${without}
       from invited_users i
       where ${where}${seekAfter(w.seek, without, "numeric", true, dir, false)}
         and not exists (select 1 from fig where fig.uid = i.uid and fig.key is not null)
       order by i.uid ${d}
       limit ${reach})) u
    order by part, k ${d}, uid ${d}
    limit ${w.limit} offset ${w.offset}`;
}
