/**
 * The Trade & assets report's contract: per invitee deposits, withdrawals, net
 * deposit, spot and futures volume and commission over the range (USDT, one
 * page of them in the sort of the URL: tradeAssetQuerySchema), the totals, and
 * how much of the commission the top 10 invitees bring.
 */
import { z } from "zod";
import { count, group, list, money, ratio, uid } from "../contracts/fields";
import { answerSchema, column, defineContract, table, type ReportPart } from "../contracts/report-contract";
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

/** The per-invitee amounts in page and CSV order, with the page's labels (the CSV's add the unit). */
export const TRADE_ASSET_AMOUNTS = [
  { key: "depositAmount", label: "Deposits" },
  { key: "withdrawalAmount", label: "Withdrawals" },
  { key: "netDeposit", label: "Net deposit" },
  { key: "spotTradingAmount", label: "Spot volume" },
  { key: "futuresTradingAmount", label: "Futures volume" },
  { key: "commission", label: "Commission" },
] as const satisfies ReadonlyArray<{ key: TradeAssetSort; label: string }>;

const row = tradeAssetRow.shape;
const amountColumns = <S extends Record<(typeof TRADE_ASSET_AMOUNTS)[number]["key"], Parameters<typeof column>[1]>>(shape: S) =>
  Object.fromEntries(TRADE_ASSET_AMOUNTS.map((a) => [a.key, column(`${a.label} (USDT)`, shape[a.key])])) as Record<
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
      invitees: column("Invitees", totals.shape.invitees),
      ...amountColumns(totals.shape),
      top10Commission: column("Commission of the top 10 invitees (USDT)", top10.shape.commission),
      top10Share: column("Top 10 share of commission", top10.shape.share),
    }),
    invitees: table("Trade and assets per invitee", { uid: column("Invitee uid", row.uid), ...amountColumns(row) }),
  },
});
