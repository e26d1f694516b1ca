/**
 * The Trade & assets report, from the per-day trade-and-asset records: per
 * invitee deposits, withdrawals, net deposit, spot and futures volume and
 * commission over the range; totals; and how much of the commission the top
 * 10 invitees bring. Exact numeric sums.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { parseIsoDay } from "../../url-state/date-range";
import type { TradeAssetQuery, TradeAssetReport, TradeAssetRow, TradeAssetSort } from "./contract";
import type { ReportFilters } from "../filters";
import { atDate, monthSplit } from "../sql";

const SORT_COLUMN: Record<TradeAssetSort, string> = {
  commission: "commission",
  netDeposit: "net_deposit",
  depositAmount: "deposit",
  withdrawalAmount: "withdrawal",
  spotTradingAmount: "spot",
  futuresTradingAmount: "futures",
  uid: "uid",
};

const DAY_MS = 86_400_000;

/** The columns the per-invitee rows carry, from the month rollup and from the days alike. */
const COLUMNS = sql.raw("uid, deposit_amount, withdrawal_amount, spot_trading_amount, futures_trading_amount, commission");

/**
 * The per-invitee rows of the filters' days (partial sums: group them by uid):
 * trade_asset_uid_monthly for the whole calendar months of the range, and the
 * days themselves, or the month rollup when it holds no day outside the range,
 * for the partial months at its edges (lib/reports/sql.ts monthSplit). `uid`
 * narrows them to one invitee (the page's, or the filter's).
 */
export function perUidRows(connectionId: string, f: ReportFilters, uid: SQL | string | undefined = f.uid): SQL {
  const connection = sql`connection_id = ${connectionId}`;
  const start = parseIsoDay(f.range.from) ?? f.range.startTime;
  const end = (parseIsoDay(f.range.to) ?? f.range.startTime) + DAY_MS - 1;
  return monthSplit(
    {
      rollup: sql`select ${COLUMNS} from trade_asset_uid_monthly`,
      raw: sql`select ${COLUMNS} from trade_asset_daily`,
      rawTable: sql`trade_asset_daily`,
      where: uid === undefined ? connection : sql`${connection} and uid = ${uid}`,
      connection,
      at: atDate,
    },
    start,
    end,
  );
}

/** Per invitee sums over the filters' days (numeric): the rows of the export. */
function perUserSql(connectionId: string, f: ReportFilters): SQL {
  return sql`select uid, sum(deposit_amount) as deposit, sum(withdrawal_amount) as withdrawal,
                    sum(deposit_amount) - sum(withdrawal_amount) as net_deposit, sum(spot_trading_amount) as spot,
                    sum(futures_trading_amount) as futures, sum(commission) as commission
             from (${perUidRows(connectionId, f)}) r group by uid`;
}

// Qualified: the output columns of the same names are text, and must not decide the order.
const perUserOrder = (q: Pick<TradeAssetQuery, "sort" | "dir">): SQL => sql.raw(`u.${SORT_COLUMN[q.sort]} ${q.dir}, u.uid ${q.dir}`);

type Row = { uid: string; deposit: string; withdrawal: string; net_deposit: string; spot: string; futures: string; commission: string };

const render = (r: Omit<Row, "uid">) => ({
  depositAmount: r.deposit,
  withdrawalAmount: r.withdrawal,
  netDeposit: r.net_deposit,
  spotTradingAmount: r.spot,
  futuresTradingAmount: r.futures,
  commission: r.commission,
});

type ReportRow = Row & { kind: "row" | "total" | "top"; rank: string; invitees: string | null; share: string | null };

/** The per-invitee sum the page is sorted by (null: by uid alone), named like perUserSql's column. */
const SORT_SUM: Record<TradeAssetSort, string | null> = {
  commission: "sum(commission)",
  netDeposit: "sum(deposit_amount) - sum(withdrawal_amount)",
  depositAmount: "sum(deposit_amount)",
  withdrawalAmount: "sum(withdrawal_amount)",
  spotTradingAmount: "sum(spot_trading_amount)",
  futuresTradingAmount: "sum(futures_trading_amount)",
  uid: null,
};

export async function tradeAssetReport(db: Db, connectionId: string, f: ReportFilters, q: TradeAssetQuery): Promise<TradeAssetReport> {
  const sortSum = SORT_SUM[q.sort];
  const key = sql.raw(sortSum === null ? "null::numeric" : sortSum);
  const dir = sql.raw(q.dir);
  const order = sortSum === null ? sql`u.uid ${dir}` : sql`u.key ${dir}, u.uid ${dir}`;
  // Totals are plain sums over the range's days: the per-day rollup, or one invitee's own days.
  const totals = f.uid
    ? sql`select * from trade_asset_daily where connection_id = ${connectionId} and uid = ${f.uid} and day >= ${f.range.from}::date and day <= ${f.range.to}::date`
    : sql`select * from trade_asset_day where connection_id = ${connectionId} and day >= ${f.range.from}::date and day <= ${f.range.to}::date`;
  // One statement, one pass of per-invitee sums over the month rollup (and the edges' days). The grouping by
  // invitee is the whole cost, and each numeric sum it carries is a large per-invitee state: it carries only what
  // ranks and what the top 10 need — the sort column's sum and the commission. The page's ten to two hundred
  // invitees get their five sums from their own months (index on connection_id, uid, month).
  const out = await queryRows<ReportRow>(
    db,
    sql`with per as materialized (
          select uid, ${key} as key, sum(commission) as commission from (${perUidRows(connectionId, f)}) r group by uid),
        page as (select uid, key from per u order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}),
        top as (select commission from per order by commission desc, uid limit 10),
        total as (
          select coalesce(sum(deposit_amount), 0) as deposit, coalesce(sum(withdrawal_amount), 0) as withdrawal,
                 coalesce(sum(deposit_amount) - sum(withdrawal_amount), 0) as net_deposit, coalesce(sum(spot_trading_amount), 0) as spot,
                 coalesce(sum(futures_trading_amount), 0) as futures, coalesce(sum(commission), 0) as commission
          from (${totals}) t)
        select 'row' as kind, row_number() over (order by ${order}) as rank, u.uid, s.deposit::text as deposit, s.withdrawal::text as withdrawal,
               s.net_deposit::text as net_deposit, s.spot::text as spot, s.futures::text as futures, s.commission::text as commission,
               null as invitees, null as share
        from page u cross join lateral (
          select sum(deposit_amount) as deposit, sum(withdrawal_amount) as withdrawal, sum(deposit_amount) - sum(withdrawal_amount) as net_deposit,
                 sum(spot_trading_amount) as spot, sum(futures_trading_amount) as futures, sum(commission) as commission
          from (${perUidRows(connectionId, f, sql`u.uid`)}) r) s
        union all
        select 'total', 0, null, deposit::text, withdrawal::text, net_deposit::text, spot::text, futures::text, commission::text,
               (select count(*) from per)::text, null
        from total
        union all
        select 'top', 0, null, null, null, null, null, null, coalesce((select sum(commission) from top), 0)::text, null,
               coalesce(round((select sum(commission) from top) / nullif((select commission from total), 0), 6), 0)::text`,
  );
  const rows = out.filter((r) => r.kind === "row").sort((a, b) => Number(a.rank) - Number(b.rank));
  const t = out.find((r) => r.kind === "total");
  const top = out.find((r) => r.kind === "top");
  return {
    totals: t ? { ...render(t), invitees: Number(t.invitees) } : { ...render({ deposit: "0", withdrawal: "0", net_deposit: "0", spot: "0", futures: "0", commission: "0" }), invitees: 0 },
    top10: top ? { commission: top.commission, share: top.share ?? "0" } : { commission: "0", share: "0" },
    rows: rows.map((r) => ({ uid: r.uid, ...render(r) })),
    total: Number(t?.invitees ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Every per-invitee row of a view in its sort order, in batches, for exports:
 * the report's own sums and order, read by keyset (after the last row's exact
 * sort value and uid), so no batch re-reads the rows before it.
 */
export async function* tradeAssetRowBatches(
  db: Db,
  connectionId: string,
  f: ReportFilters,
  q: Pick<TradeAssetQuery, "sort" | "dir">,
  options: { batchSize?: number } = {},
): AsyncGenerator<TradeAssetRow[]> {
  const batchSize = options.batchSize ?? 1_000;
  const perUser = perUserSql(connectionId, f);
  const order = perUserOrder(q);
  const column = sql.raw(`u.${SORT_COLUMN[q.sort]}`);
  const beyond = sql.raw(q.dir === "asc" ? ">" : "<");
  let after: { key: string; uid: string } | null = null;
  for (;;) {
    // Sums are never null (money columns are not null), so a row comparison is the order's own.
    const seek: SQL =
      after === null ? sql`` : q.sort === "uid" ? sql`where u.uid ${beyond} ${after.uid}` : sql`where (${column}, u.uid) ${beyond} (${after.key}::numeric, ${after.uid})`;
    const rows = await queryRows<Row & { sort_key: string }>(
      db,
      sql`select uid, deposit::text as deposit, withdrawal::text as withdrawal, net_deposit::text as net_deposit, spot::text as spot,
                 futures::text as futures, commission::text as commission, ${column}::text as sort_key
          from (${perUser}) u ${seek} order by ${order} limit ${batchSize}`,
    );
    if (rows.length > 0) yield rows.map((r) => ({ uid: r.uid, ...render(r) }));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { key: last.sort_key, uid: last.uid };
  }
}
