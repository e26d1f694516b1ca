/**
 * The Trade & assets report's contract: per invitee deposits, withdrawals, net
 * deposit, spot and futures volume and commission over the range (USDT, one
 * page of them in the sort of the URL: tradeAssetQuerySchema), the totals, and
 * how much of the commission the top 10 invitees bring.
 */
import { z } from "zod";
import { count, group, list, money, ratio, uid } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { METRICS, type MetricDefinition } from "../../metrics/definitions";
import { directionRule, pagingQuery, pagingRules, sortDirection, type Paging } from "../contracts/query-rules";

export const TRADE_ASSET_SORTS = ["commission", "netDeposit", "depositAmount", "withdrawalAmount", "spotTradingAmount", "futuresTradingAmount", "uid"] as const;
export type TradeAssetSort = (typeof TRADE_ASSET_SORTS)[number];

/** The table's page limits, declared once: the query schema, the URL notices, the SQL and the page read them. */
export const TRADE_ASSET_PAGING: Paging = { pageSize: 50, minPageSize: 10, maxPageSize: 200, maxPage: 100_000 };

export const tradeAssetQuerySchema = z.object({
  sort: z.enum(TRADE_ASSET_SORTS).default("commission"),
  dir: sortDirection.default("desc"),
  ...pagingQuery(TRADE_ASSET_PAGING),
});
export type TradeAssetQuery = z.output<typeof tradeAssetQuerySchema>;

const amounts = (whole: "self" | { of: "totals" }) => ({
  depositAmount: money("USDT", whole),
  withdrawalAmount: money("USDT", whole),
  netDeposit: money("USDT", whole),
  spotTradingAmount: money("USDT", whole),
  futuresTradingAmount: money("USDT", whole),
  commission: money("USDT", whole),
});
const inTotals = { of: "totals" } as const;
const tradeAssetRow = group({ uid: uid("invitee"), ...amounts(inTotals) });
const totals = group({ ...amounts("self"), invitees: count() });
/** Commission of the top 10 invitees and its share of the total (fraction, 6 dp). */
const top10 = group({ commission: money("USDT", inTotals), share: ratio() });

export const tradeAssetAnswer = answerSchema({ totals, top10, rows: list(tradeAssetRow), total: count(), page: count(), pageSize: count() });
export type TradeAssetAnswer = z.output<typeof tradeAssetAnswer>;
export type TradeAssetReport = ReportPart<TradeAssetAnswer>;
export type TradeAssetRow = z.output<typeof tradeAssetRow>;

/** The per-invitee amounts in page and CSV order, each a defined metric (lib/metrics): its label and definition come from there. */
export const TRADE_ASSET_AMOUNTS = [
  { key: "depositAmount", metric: METRICS.deposits },
  { key: "withdrawalAmount", metric: METRICS.withdrawals },
  { key: "netDeposit", metric: METRICS.netDeposits },
  { key: "spotTradingAmount", metric: METRICS.spotVolume },
  { key: "futuresTradingAmount", metric: METRICS.futuresVolume },
  { key: "commission", metric: METRICS.tradeAssetCommission },
] as const satisfies ReadonlyArray<{ key: TradeAssetSort; metric: MetricDefinition }>;

const row = tradeAssetRow.shape;
const amountColumns = <S extends Record<(typeof TRADE_ASSET_AMOUNTS)[number]["key"], Parameters<typeof column>[1]>>(shape: S) =>
  Object.fromEntries(TRADE_ASSET_AMOUNTS.map((a) => [a.key, metricColumn(a.metric, shape[a.key])])) as Record<
    (typeof TRADE_ASSET_AMOUNTS)[number]["key"],
    ReturnType<typeof column>
  >;

export const tradeAssetsContract = defineContract({
  name: "trade-assets",
  title: "Trade & assets",
  path: "/trade-assets",
  answer: tradeAssetAnswer,
  paging: TRADE_ASSET_PAGING,
  filters: ["uid"],
  params: {
    sort: { schema: tradeAssetQuerySchema.shape.sort, fallback: "commission", expected: `a column (${TRADE_ASSET_SORTS.join(", ")})`, fallbackWords: "commission" },
    dir: directionRule("desc"),
    ...pagingRules(TRADE_ASSET_PAGING),
  },
  tables: {
    totals: table("Totals", {
      invitees: metricColumn(METRICS.tradeAssetInvitees, totals.shape.invitees),
      ...amountColumns(totals.shape),
      top10Commission: column("Commission of the top 10 invitees (USDT)", top10.shape.commission),
      top10Share: column("Top 10 share of commission", top10.shape.share),
    }),
    invitees: table("Trade and assets per invitee", { uid: column("Invitee uid", row.uid), ...amountColumns(row) }),
  },
});
