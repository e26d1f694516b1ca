/**
 * The invitee directory: every invitee of the connection, whatever the range
 * (the funnel, registrations and retention count people who signed up in the
 * range; this lists everyone), searched by uid or invite-code prefix, filtered
 * by invite code, KYC, status and source — and, in the app, by the team's own
 * tags and follow-ups (never on a share link: lib/share/scope.ts) —, sorted by any column — the range's
 * figures included — and paged; or read whole, by keyset, for the CSV.
 *
 * Beside each person, the range's figures: commission and net fee in the view's
 * coin (the per-invitee commission rollups, split at the range's edges by
 * monthSplit), volume, deposits, withdrawals and net deposit in USDT (the
 * trade-and-asset rollup and days). A figure is null where the warehouse holds
 * no row of that invitee in the range: "nothing recorded", never drawn as 0.
 * In a view of another coin than USDT, each commission also in USDT at each
 * day's own close (`commissionUsdt`, read per page or batch: pageValues).
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { InviteeRow, RosterFigure, RosterQuery, RosterSort, RosterSource } from "./contract";
import { coinOf, type Coin, type ReportFilters } from "../filters";
import { columnPage, figurePage, type DirectorySeek, type DirectoryWindow } from "./directory-order";
import { commissionsPerUid, dailyConditions, listOf } from "../sql";
import { perUidRows } from "../trade-assets/sql";
import { ownValue, valuedLookups, type RowValues } from "../../prices/period-values";
import { QUOTE_COIN } from "../../sync/prices/store";
import { followUpOrderOf, tagNamesOf } from "../../invitee-work/sql";
import { teamConditions, teamOf, type Team } from "./team-conditions";

export type DirectoryQuery = Omit<RosterQuery, "page" | "pageSize">;

const DAY_MS = 86_400_000;

/** The invitee's source: the sourceType of their latest commission item (index on connection_id, uid, day). */
const sourceOf = (connectionId: string): SQL =>
  sql`(select c.source_type from commission_items c where c.connection_id = ${connectionId} and c.uid = i.uid order by c.day desc limit 1)`;

/** 0 never traded, 1 active, 2 dormant: the status as a sortable number. */
const statusOf = (dormantBefore: string): SQL =>
  sql`(case when i.last_trade is null then 0 when i.last_trade < ${dormantBefore}::timestamptz then 2 else 1 end)`;

/** How each sort key is computed for a row `i` (a range figure: `fig.key`, see directory-order.ts), and its SQL type for keyset seeks. */
function sortKey(sort: RosterSort, connectionId: string, dormantBefore: string): { key: SQL; type: string; nullable: boolean } {
  const column = (name: string, type: string, nullable = true) => ({ key: sql.raw(`i.${name}`), type, nullable });
  switch (sort) {
    case "uid":
      return column("uid", "text", false);
    case "registerTime":
      return column("register_time", "timestamptz", false);
    case "kyc":
      return column("kyc_result", "boolean", false);
    case "inviteCode":
      return column("invite_code", "text", false);
    case "firstDeposit":
      return column("first_deposit", "timestamptz");
    case "lastDeposit":
      return column("last_deposit", "timestamptz");
    case "firstTrade":
      return column("first_trade", "timestamptz");
    case "lastTrade":
      return column("last_trade", "timestamptz");
    case "source":
      return { key: sourceOf(connectionId), type: "smallint", nullable: true };
    case "status":
      return { key: statusOf(dormantBefore), type: "int", nullable: false };
    // The team's records: untagged and no follow-up are null, so last in either direction.
    case "tags":
      return { key: sql`lower(${tagNamesOf(connectionId, sql`i.uid`)})`, type: "text", nullable: true };
    case "followUp":
      return { key: followUpOrderOf(connectionId, sql`i.uid`), type: "int", nullable: true };
    default:
      return { key: sql`fig.key`, type: "numeric", nullable: true };
  }
}

/** Per-invitee sums of one range figure over every invitee with rows in the range: `uid, key`. */
function figureSums(figure: RosterFigure, connectionId: string, f: ReportFilters, coin: Coin): SQL {
  const { startTime, endTime } = f.range;
  if (figure === "commission" || figure === "netFee") {
    const sum = figure === "commission" ? sql`sum(commission)` : sql`sum(fee)`;
    const uidFilter = f.uid ? sql` where uid = ${f.uid}` : sql``;
    return sql`select uid, ${sum} as key from (${commissionsPerUid(connectionId, startTime, endTime, { coin })}) r${uidFilter} group by uid`;
  }
  const sums: Record<Exclude<RosterFigure, "commission" | "netFee">, SQL> = {
    volume: sql`sum(spot_trading_amount) + sum(futures_trading_amount)`,
    deposits: sql`sum(deposit_amount)`,
    withdrawals: sql`sum(withdrawal_amount)`,
    netDeposit: sql`sum(deposit_amount) - sum(withdrawal_amount)`,
  };
  return sql`select uid, ${sums[figure]} as key from (${perUidRows(connectionId, f)}) r group by uid`;
}

const isFigure = (sort: RosterSort): sort is RosterFigure =>
  sort === "commission" || sort === "netFee" || sort === "volume" || sort === "deposits" || sort === "withdrawals" || sort === "netDeposit";

const SOURCE_TYPE: Readonly<Record<Exclude<RosterSource, "unknown">, number>> = { direct: 1, sub: 2 };

/** The directory's conditions on invited_users `i`: the connection, the view's one invitee, search and filters. */
function conditions(connectionId: string, f: ReportFilters, q: DirectoryQuery, dormantBefore: string, team: Team): SQL {
  const parts: SQL[] = [sql`i.connection_id = ${connectionId}`];
  if (f.uid) parts.push(sql`i.uid = ${f.uid}`);
  if (q.q) {
    // A prefix: "_" (allowed in codes) is a LIKE wildcard, so it is escaped to match itself.
    const prefix = `${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Codes in any case: the search is ASCII letters, digits, - and _ (rosterQuerySchema), so upper() on both sides is
    // exactly ILIKE, and upper(code) is indexed (invited_users_code_upper_idx).
    parts.push(sql`(i.uid like ${prefix} or upper(i.invite_code) like ${prefix.toUpperCase()})`);
  }
  if (q.code) parts.push(sql`i.invite_code = ${q.code}`);
  // The sign-up period: whole UTC days, both bounds inclusive (the day after `registeredTo` is excluded).
  if (q.registeredFrom) parts.push(sql`i.register_time >= ${q.registeredFrom}::date::timestamp at time zone 'UTC'`);
  if (q.registeredTo) parts.push(sql`i.register_time < (${q.registeredTo}::date + 1)::timestamp at time zone 'UTC'`);
  if (q.kyc) parts.push(sql`i.kyc_result = ${q.kyc === "yes"}`);
  if (q.status === "never") parts.push(sql`i.last_trade is null`);
  if (q.status === "active") parts.push(sql`i.last_trade >= ${dormantBefore}::timestamptz`);
  if (q.status === "dormant") parts.push(sql`i.last_trade < ${dormantBefore}::timestamptz`);
  if (q.via === "unknown") parts.push(sql`${sourceOf(connectionId)} is null`);
  else if (q.via) parts.push(sql`${sourceOf(connectionId)} = ${SOURCE_TYPE[q.via]}`);
  parts.push(...teamConditions(connectionId, q, team));
  return sql.join(parts, sql` and `);
}

type DbRow = {
  uid: string;
  register_time: Date;
  kyc_result: boolean;
  invite_code: string;
  source_type: number | null;
  first_deposit: Date | null;
  last_deposit: Date | null;
  first_trade: Date | null;
  last_trade: Date | null;
  sort_key: string | null;
  ord: string;
  commission: string | null;
  fee: string | null;
  volume: string | null;
  deposits: string | null;
  withdrawals: string | null;
  net_deposit: string | null;
};

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());


function toRow(r: DbRow, coin: Coin, dormantBefore: number, usdtOf: RowValues): InviteeRow {
  const lastTrade = ms(r.last_trade);
  const dormant = lastTrade !== null && lastTrade < dormantBefore;
  return {
    uid: r.uid,
    registerTime: ms(r.register_time) as number,
    kycResult: r.kyc_result,
    inviteCode: r.invite_code,
    source: r.source_type === null ? "unknown" : Number(r.source_type) === 2 ? "sub" : "direct",
    firstDeposit: ms(r.first_deposit),
    lastDeposit: ms(r.last_deposit),
    firstTrade: ms(r.first_trade),
    lastTrade,
    dormant,
    status: lastTrade === null ? "never" : dormant ? "dormant" : "active",
    coin,
    commission: r.commission,
    // No commission row in the range stays "nothing recorded" (null), not a valued 0.
    commissionUsdt: r.commission === null ? null : usdtOf.commission(r.uid, coin, r.commission),
    netFee: r.fee,
    netFeeUsdt: r.fee === null ? null : usdtOf.fee(r.uid, coin, r.fee),
    volume: r.volume,
    deposits: r.deposits,
    withdrawals: r.withdrawals,
    netDeposit: r.net_deposit,
  };
}

/**
 * One statement: the page of invitees (by the sort key, then uid; nulls last),
 * and for those rows only their range figures — their own months and edge days
 * through the (connection_id, uid, …) indexes. Sorting by a figure first sums
 * that one figure for every invitee with rows in the range.
 */
function directoryStatement(connectionId: string, f: ReportFilters, q: DirectoryQuery, coin: Coin, dormantBefore: string, team: Team, w: DirectoryWindow): SQL {
  const { key, type, nullable } = sortKey(q.sort, connectionId, dormantBefore);
  const figure = isFigure(q.sort) ? q.sort : null;
  const where = conditions(connectionId, f, q, dormantBefore, team);
  const fig = figure ? sql`fig as materialized (${figureSums(figure, connectionId, f, coin)}),` : sql``;
  const ordered = figure ? figurePage(connectionId, where, q.dir, w) : columnPage(where, key, type, nullable, q.dir, q.sort === "uid", w);
  const pageUids = sql`any(array(select uid from page))`;
  const connection = sql`connection_id = ${connectionId}`;
  return sql`with ${fig}
      page as (select p.*, row_number() over () as ord from (${ordered}) p),
      comm as (
        select uid, sum(commission)::text as commission, sum(fee)::text as fee
        from (${commissionsPerUid(connectionId, f.range.startTime, f.range.endTime, { coin }, pageUids)}) r group by uid),
      ta as (
        select uid, (sum(spot_trading_amount) + sum(futures_trading_amount))::text as volume, sum(deposit_amount)::text as deposits,
               sum(withdrawal_amount)::text as withdrawals, (sum(deposit_amount) - sum(withdrawal_amount))::text as net_deposit
        from (${perUidRows(connectionId, f, pageUids)}) r group by uid)
      select page.*, comm.commission, comm.fee, ta.volume, ta.deposits, ta.withdrawals, ta.net_deposit,
             (select c.source_type from commission_items c where c.${connection} and c.uid = page.uid order by c.day desc limit 1) as source_type
      from page left join comm on comm.uid = page.uid left join ta on ta.uid = page.uid
      order by page.ord`;
}

/**
 * The "≈ USDT" value of a page's (or batch's) commissions in a view of another coin: the page's invitees' day rows
 * in that coin, each at its own day's close, read once per page after it — a page is at most 200 invitees (a batch
 * 1 000), read through the per-invitee day rollup's uid index, while the page statement itself stays as it was.
 */
async function pageValues(db: Db, connectionId: string, f: ReportFilters, coin: Coin, rows: readonly DbRow[]): Promise<RowValues> {
  const uids = rows.filter((r) => r.commission !== null).map((r) => r.uid);
  if (coin === QUOTE_COIN || uids.length === 0) return { commission: ownValue, fee: ownValue };
  const where = sql`${dailyConditions(connectionId, f.range.startTime, f.range.endTime, { coin })} and uid in ${listOf(uids)}`;
  return valuedLookups(db, connectionId, { table: sql`commission_uid_day`, where }, sql.raw("uid"));
}

/** One page of the directory and how many invitees match. */
export async function directoryPage(db: Db, connectionId: string, f: ReportFilters, q: RosterQuery, now: number): Promise<{ rows: InviteeRow[]; total: number }> {
  const coin = coinOf(f);
  const dormantBefore = now - q.dormantDays * DAY_MS;
  const before = new Date(dormantBefore).toISOString();
  const team = await teamOf(db, connectionId, q, now);
  const [rows, count] = await Promise.all([
    queryRows<DbRow>(db, directoryStatement(connectionId, f, q, coin, before, team, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize, seek: null })),
    queryRows<{ total: string }>(db, sql`select count(*)::text as total from invited_users i where ${conditions(connectionId, f, q, before, team)}`),
  ]);
  const usdtOf = await pageValues(db, connectionId, f, coin, rows);
  return { rows: rows.map((r) => toRow(r, coin, dormantBefore, usdtOf)), total: Number(count[0]?.total ?? 0) };
}

/**
 * The whole directory of a view (search, filters, sort) in batches, for exports
 * and snapshots: read by keyset (after the last row's exact sort key and uid)
 * rather than by offset, so each batch costs the same, memory stays bounded, and
 * a sync writing meanwhile cannot make an unchanged row repeat or vanish.
 */
export async function* directoryBatches(
  db: Db,
  connectionId: string,
  f: ReportFilters,
  q: DirectoryQuery,
  options: { now?: number; batchSize?: number } = {},
): AsyncGenerator<InviteeRow[]> {
  const batchSize = options.batchSize ?? 1_000;
  const coin = coinOf(f);
  const now = options.now ?? Date.now();
  const dormantBefore = now - q.dormantDays * DAY_MS;
  const before = new Date(dormantBefore).toISOString();
  const team = await teamOf(db, connectionId, q, now);
  let seek: DirectorySeek | null = null;
  for (;;) {
    const rows: DbRow[] = await queryRows<DbRow>(db, directoryStatement(connectionId, f, q, coin, before, team, { limit: batchSize, offset: 0, seek }));
    if (rows.length > 0) {
      const usdtOf = await pageValues(db, connectionId, f, coin, rows);
      yield rows.map((r) => toRow(r, coin, dormantBefore, usdtOf));
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    seek = { key: last.sort_key, uid: last.uid };
  }
}

/**
 * The uids of every invitee the view's search and filters match (no figures, no order beyond uid), up to `limit`:
 * what a bulk action on "the filtered list" acts on. One more than the limit is read, so the caller can refuse a list
 * longer than it may change rather than change part of it.
 */
export async function directoryUids(db: Db, connectionId: string, f: ReportFilters, q: DirectoryQuery, now: number, limit: number): Promise<string[]> {
  const before = new Date(now - q.dormantDays * DAY_MS).toISOString();
  const team = await teamOf(db, connectionId, q, now);
  const rows = await queryRows<{ uid: string }>(
    db,
    sql`select i.uid from invited_users i where ${conditions(connectionId, f, q, before, team)} order by i.uid limit ${limit + 1}`,
  );
  return rows.map((r) => r.uid);
}
