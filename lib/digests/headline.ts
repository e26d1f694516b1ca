/**
 * The headline figures of each report — what a digest puts in its body — read
 * from the report's answer as its contract types it: the Overview's cards, the
 * totals rows of the others. Money keeps its coin (one figure per coin where a
 * report has several: coins are never added). Pure, browser-safe.
 */
import type { CommissionAnswer } from "../reports/contracts/commissions";
import type { InviteCodesAnswer } from "../reports/contracts/invite-codes";
import type { InviteeDetailAnswer } from "../reports/contracts/invitee";
import type { InviteeAnswer } from "../reports/contracts/invitees";
import { OVERVIEW_FIGURES, type OverviewAnswer } from "../reports/contracts/overview";
import type { SubAffiliateDetailAnswer } from "../reports/contracts/sub-affiliate";
import type { SubAffiliateAnswer } from "../reports/contracts/sub-affiliates";
import type { TradeAssetAnswer } from "../reports/contracts/trade-assets";
import type { ReportName } from "../reports/names";

export type FigureUnit = { kind: "money"; coin: string } | { kind: "count" } | { kind: "ratio" };

export interface HeadlineFigure {
  /** Stable across runs (the coin is part of it where a report has one row per coin). */
  key: string;
  label: string;
  unit: FigureUnit;
  /** Exact decimal text; null where the report has no value (a rate without fee). */
  value: string | null;
}

/** The answers by report, as the report pipeline types them. */
export interface HeadlineAnswers {
  overview: OverviewAnswer;
  commissions: CommissionAnswer;
  "sub-affiliates": SubAffiliateAnswer;
  "sub-affiliate": SubAffiliateDetailAnswer;
  invitees: InviteeAnswer;
  invitee: InviteeDetailAnswer;
  "invite-codes": InviteCodesAnswer;
  "trade-assets": TradeAssetAnswer;
}

const usdt = { kind: "money", coin: "USDT" } as const;
const countUnit = { kind: "count" } as const;
const ratioUnit = { kind: "ratio" } as const;
const coinUnit = (coin: string): FigureUnit => ({ kind: "money", coin });
const fig = (key: string, label: string, unit: FigureUnit, value: string | number | null): HeadlineFigure => ({
  key,
  label,
  unit,
  value: value === null ? null : String(value),
});

const EXTRACT: { readonly [N in ReportName]: (a: HeadlineAnswers[N]) => HeadlineFigure[] } = {
  overview: (a) =>
    OVERVIEW_FIGURES.map((f) => fig(f.key, f.label, f.unit ? usdt : f.key === "effectiveRate" ? ratioUnit : countUnit, a.current[f.key])),
  commissions: (a) =>
    a.totals.flatMap((t) => [
      fig(`commission:${t.coin}`, `Commission (${t.coin})`, coinUnit(t.coin), t.commission),
      fig(`fee:${t.coin}`, `Net fee (${t.coin})`, coinUnit(t.coin), t.fee),
      fig(`invitees:${t.coin}`, `Invitees with ${t.coin} commission`, countUnit, t.invitees),
    ]),
  "sub-affiliates": (a) => [
    fig("tradingVolume", "Trading volume", usdt, a.totals.tradingVolume),
    fig("netTradingFee", "Net trading fee", usdt, a.totals.netTradingFee),
    fig("paidCommission", "Paid commission", usdt, a.totals.paidCommission),
    fig("subAffiliates", "Active sub-affiliates", countUnit, a.totals.subAffiliates),
  ],
  "sub-affiliate": (a) => [
    fig("tradingVolume", "Trading volume", usdt, a.totals.tradingVolume),
    fig("netTradingFee", "Net trading fee", usdt, a.totals.netTradingFee),
    fig("paidCommission", "Paid commission", usdt, a.totals.paidCommission),
    fig("margin", "Margin kept", usdt, a.totals.margin),
  ],
  invitees: (a) => [
    fig("registered", "New invitees", countUnit, a.funnel.registered),
    fig("kyc", "Passed KYC", countUnit, a.funnel.kyc),
    fig("deposited", "Deposited", countUnit, a.funnel.deposited),
    fig("traded", "Traded", countUnit, a.funnel.traded),
  ],
  invitee: (a) => [
    fig("commission", `Commission (${a.current.coin})`, coinUnit(a.current.coin), a.current.commission),
    fig("fee", `Net fee (${a.current.coin})`, coinUnit(a.current.coin), a.current.fee),
    fig("volume:taker", "Taker volume", usdt, a.current.takerVolume),
    fig("volume:maker", "Maker volume", usdt, a.current.makerVolume),
    fig("netDeposit", "Net deposit", usdt, a.current.netDeposit),
  ],
  "invite-codes": (a) => [
    fig("signups", "Sign-ups", countUnit, a.totals.signups),
    fig("deposited", "Deposited", countUnit, a.totals.deposited),
    fig("traded", "Traded", countUnit, a.totals.traded),
    fig(`commission:${a.totals.coin}`, `Commission (${a.totals.coin})`, coinUnit(a.totals.coin), a.totals.commission),
    fig("volume", "Volume", usdt, a.totals.volume),
  ],
  "trade-assets": (a) => [
    fig("depositAmount", "Deposits", usdt, a.totals.depositAmount),
    fig("withdrawalAmount", "Withdrawals", usdt, a.totals.withdrawalAmount),
    fig("netDeposit", "Net deposit", usdt, a.totals.netDeposit),
    fig("commission", "Commission", usdt, a.totals.commission),
    fig("invitees", "Invitees", countUnit, a.totals.invitees),
  ],
};

export function headlineFigures<N extends ReportName>(report: N, answer: HeadlineAnswers[N]): HeadlineFigure[] {
  const extract: (a: HeadlineAnswers[N]) => HeadlineFigure[] = EXTRACT[report];
  return extract(answer);
}
