/** The Invite codes page's exportable tables: every code of the view, in its sort order; how the headline's USDT total was valued. */
import "server-only";
import { inviteCodeQuerySchema, inviteCodesContract, type InviteCodeRow, type InviteCodesReport } from "./contract";
import { cohortCommissionRows, inviteCodesReport } from "./sql";
import { valuationCsv } from "../../prices/valuation-csv";
import { reportQuery } from "../report-query";
import { columnsOf, smallTable, type ExportTable } from "../../export/table-types";

const { tables } = inviteCodesContract;
const text = (v: number | string | null): string => (v === null ? "" : String(v));

export const inviteCodeTables = {
  codes: smallTable<InviteCodeRow, InviteCodesReport>({
    title: tables.codes.title,
    load: (ctx) => inviteCodesReport(ctx.db, ctx.connectionId, ctx.filters, reportQuery(inviteCodeQuerySchema, ctx.query)),
    columns: columnsOf(tables.codes, {
      inviteCode: (r) => r.inviteCode,
      signups: (r) => text(r.signups),
      kyc: (r) => text(r.kyc),
      kycRate: (r) => text(r.kycRate),
      deposited: (r) => text(r.deposited),
      depositRate: (r) => text(r.depositRate),
      traded: (r) => text(r.traded),
      tradeRate: (r) => text(r.tradeRate),
      medianHoursToDeposit: (r) => text(r.medianHoursToDeposit),
      medianHoursToTrade: (r) => text(r.medianHoursToTrade),
      coin: (r) => r.coin,
      commission: (r) => r.commission,
      // Blank where a day's close is not held: "not valued", never a part passed off as the whole.
      commissionUsdt: (r) => r.commissionUsdt ?? "",
      volume: (r) => r.volume,
    }),
    rows: (report) => report.rows,
  }),
  valuation: valuationCsv(tables.valuation, (ctx) => cohortCommissionRows(ctx.connectionId, ctx.filters)),
} satisfies Record<keyof typeof tables, ExportTable>;
