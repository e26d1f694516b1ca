/**
 * Every figure means what it says (issue 24): a table column that shows a
 * defined metric takes its header — on the page and in the CSV — from the
 * metric's one definition (lib/metrics), and every definition is shown
 * somewhere. The expected headers are built here from the definition files
 * themselves (label, then the column's fixed coin), not through metricColumn.
 */
import { describe, expect, it } from "vitest";
import { METRICS, type MetricDefinition } from "../../metrics/definitions";
import { SUB_AFFILIATE_METRICS as ONE, SUB_AFFILIATES_METRICS as ALL } from "../../metrics/sub-affiliate";
import { OVERVIEW_FIGURES } from "../overview/contract";
import { ROSTER_COLUMNS } from "../invitees/tables";
import { TRADE_ASSET_COLUMNS } from "../trade-assets/tables";
import type { FieldKind } from "./fields";
import { REPORT_CONTRACTS } from "./index";
import type { TableColumn } from "./report-contract";

const DEFINITIONS: ReadonlyArray<[string, MetricDefinition]> = [...Object.entries(METRICS), ...Object.entries(ONE), ...Object.entries(ALL)];
const keyOf = (m: MetricDefinition) => DEFINITIONS.find(([, d]) => d === m)?.[0];

/**
 * A figure column's unit as its header writes it: a money column's fixed coin, "≈ " before it for an estimate; a coin
 * of the row is named by the view.
 */
const unitOf = (kind: FieldKind, m: MetricDefinition) => (kind.kind === "money" && kind.coin !== "row" ? ` (${m.estimate ? "≈ " : ""}${kind.coin})` : "");
/** The headers a metric's column may have: its label, the previous period's, or the range's beside figures of no period. */
const headersFor = (m: MetricDefinition, kind: FieldKind) => [`${m.label}${unitOf(kind, m)}`, `Previous period: ${m.label}${unitOf(kind, m)}`, `${m.label} in range${unitOf(kind, m)}`];

const columns = Object.values(REPORT_CONTRACTS).flatMap((contract) =>
  Object.entries(contract.tables as Record<string, { columns: Record<string, TableColumn> }>).flatMap(([table, t]) =>
    Object.entries(t.columns).map(([key, column]) => ({ at: `${contract.name}/${table}.${key}`, column })),
  ),
);
const FIGURE_KINDS = new Set(["money", "count", "ratio"]);

/** What each of the list pages' and entity pages' tables shows, column by column: the definition, by key in its file. */
const EXPECTED: Record<string, Record<string, MetricDefinition>> = {
  "sub-affiliates/ranking": {
    tradingVolume: ONE.tradingVolume,
    volumeShare: ONE.volumeShare,
    netTradingFee: ONE.netTradingFee,
    paidCommission: ONE.paidCommission,
    activeDays: ONE.activeDays,
    previousTradingVolume: ONE.tradingVolume,
  },
  "sub-affiliates/totals": { tradingVolume: ALL.allTradingVolume, netTradingFee: ALL.allNetTradingFee, paidCommission: ALL.allPaidCommission, subAffiliates: ALL.activeSubAffiliates },
  "sub-affiliates/series": { paid: ALL.allPaidCommission, fee: ALL.allAfterSubShare, netTradingFee: ALL.allNetTradingFee, tradingVolume: ALL.allTradingVolume },
  "invite-codes/codes": {
    signups: METRICS.signups,
    kyc: METRICS.kycPassed,
    deposited: METRICS.deposited,
    traded: METRICS.traded,
    tradeRate: METRICS.firstTrade,
    commission: METRICS.commission,
    volume: METRICS.volumeInCoin,
  },
  "trade-assets/invitees": {
    depositAmount: METRICS.deposits,
    withdrawalAmount: METRICS.withdrawals,
    netDeposit: METRICS.netDeposits,
    spotTradingAmount: METRICS.spotVolume,
    futuresTradingAmount: METRICS.futuresVolume,
    commission: METRICS.tradeAssetCommission,
  },
  "invitees/roster": {
    commission: METRICS.commission,
    netFee: METRICS.netFee,
    volume: METRICS.spotAndFuturesVolume,
    deposits: METRICS.deposits,
    withdrawals: METRICS.withdrawals,
    netDeposit: METRICS.netDeposits,
  },
  // The entity pages: one invitee, one sub-affiliate (drawn by ContractTable too).
  "invitee/by-symbol": { commission: METRICS.commission, fee: METRICS.netFee, takerVolume: METRICS.takerVolume, makerVolume: METRICS.makerVolume },
  "invitee/rates": { commission: METRICS.commission },
  "sub-affiliate/products": {
    tradingVolume: ONE.tradingVolume,
    volumeShare: ONE.volumeShare,
    netTradingFee: ONE.netTradingFee,
    feeShare: ONE.feeShare,
    paidCommission: ONE.paidCommission,
    commissionShare: ONE.commissionShare,
    afterSubShare: ONE.afterSubShare,
    previousTradingVolume: ONE.tradingVolume,
    previousNetTradingFee: ONE.netTradingFee,
    previousPaidCommission: ONE.paidCommission,
    previousAfterSubShare: ONE.afterSubShare,
  },
  "sub-affiliate/via-sub-agents": { commission: METRICS.commission, volume: METRICS.volumeInCoin },
};

const EXPECTED_TRADE_ASSETS = [METRICS.deposits, METRICS.withdrawals, METRICS.netDeposits, METRICS.spotVolume, METRICS.futuresVolume, METRICS.tradeAssetCommission];

/** Shown as cards and digest figures only, where no table lists them (a table of one sub-affiliate's override would be one row). */
// newTraders: a figure of the Overview's forecast (lib/forecast/types.ts), not a card or column of its own.
const CARDS_ONLY = new Set(["overrideAllSubAgents", "overrideEstimate", "newTraders"]);

describe("table columns of defined metrics", () => {
  it("take their header from the metric's definition, and carry it for the '?'", () => {
    for (const { at, column } of columns) {
      if (!column.metric) continue;
      expect(keyOf(column.metric), `${at}: a metric of lib/metrics`).toBeDefined();
      expect(headersFor(column.metric, column.kind), at).toContain(column.header);
    }
  });

  it("leave no figure column named like a metric without being that metric (no hand-written copy of a label)", () => {
    const labels = new Map(DEFINITIONS.map(([key, m]) => [m.label, key]));
    for (const { at, column } of columns) {
      if (column.metric || !FIGURE_KINDS.has(column.kind.kind)) continue;
      const words = column.header.replace(/^Previous period: /, "").replace(/ \([^()]*\)$/, "").replace(/ in range$/, "");
      expect(labels.get(words), `${at}: "${column.header}"`).toBeUndefined();
    }
  });

  it("show on the list pages and the entity pages the metrics each column is, with its label and unit", () => {
    for (const [where, expected] of Object.entries(EXPECTED)) {
      const [report, table] = where.split("/") as [keyof typeof REPORT_CONTRACTS, string];
      const t = (REPORT_CONTRACTS[report].tables as Record<string, { columns: Record<string, TableColumn> }>)[table]!;
      for (const [key, m] of Object.entries(expected)) {
        const column = t.columns[key]!;
        expect(column.metric, `${where}.${key}`).toBe(m);
        const header = key.startsWith("previous") ? `Previous period: ${m.label}` : report === "invitees" ? `${m.label} in range` : m.label;
        expect(column.header, `${where}.${key}`).toBe(`${header}${unitOf(column.kind, m)}`);
      }
    }
    // The count of sign-ups who traded and its share are two figures with two names (Invite codes).
    const { traded, tradeRate } = REPORT_CONTRACTS["invite-codes"].tables.codes.columns;
    expect([traded?.header, tradeRate?.header]).toEqual(["Traded", "First trade"]);
    expect([traded?.kind.kind, tradeRate?.kind.kind]).toEqual(["count", "ratio"]);
    expect(METRICS.firstTrade.definition).toMatch(/share of the invitees who signed up/);
  });

  it("write the same headers into the CSV (lib/reports/<report>/tables.ts builds its columns from the contract)", () => {
    expect(TRADE_ASSET_COLUMNS.map((c) => c.header)).toEqual(["Invitee uid", ...EXPECTED_TRADE_ASSETS.map((m) => `${m.label} (USDT)`)]);
    const roster = new Map(ROSTER_COLUMNS.map((c) => [c.key, c.header]));
    expect(roster.get("commission")).toBe(`${METRICS.commission.label} in range`);
    expect(roster.get("netDeposit")).toBe(`${METRICS.netDeposits.label} in range (USDT)`);
  });

  it("use every definition: in a table, on the Overview's cards, or (named here) as a card of its own", () => {
    const used = new Set(columns.flatMap(({ column }) => (column.metric ? [keyOf(column.metric)] : [])));
    const cards = new Set(OVERVIEW_FIGURES.map((f) => DEFINITIONS.find(([, m]) => m.label === f.label && m.definition === f.definition)?.[0]));
    const unused = DEFINITIONS.map(([key]) => key).filter((key) => !used.has(key) && !cards.has(key));
    expect(unused.sort()).toEqual([...CARDS_ONLY].sort());
  });
});
