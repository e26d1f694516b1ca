"use client";

import { ContractTable } from "@/components/reports/contract-table";
import { total, useAmountFormat, type AmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { ValuedBasis } from "@/components/reports/valued-basis";
import { usdtColumnUnlessValued } from "@/components/reports/valued-column";
import { coinDecimals, formatCount } from "@/lib/format/amount";
import { countOf } from "@/lib/format/plural";
import { subAffiliateContract, type SubAffiliateDetailAnswer } from "@/lib/reports/sub-affiliate/contract";

type Via = SubAffiliateDetailAnswer["viaSubAgents"];

/** In a coin other than USDT, the commission's value beside it: ", ≈ 12.34 USDT at each day's close", or not valued. */
function valuedWords(via: Via, fmt: AmountFormat): string {
  // A snapshot frozen before values were carried has none: it says nothing rather than "not valued".
  if (via.coin === "USDT" || fmt.percentages || via.commissionUsdt === undefined) return "";
  return via.commissionUsdt === null ? ", not valued (a day's close is not held)" : `, ≈ ${total(fmt, via.commissionUsdt, 2, "USDT")} at each day's close`;
}

/**
 * The invitees who came via sub-agents, all sub-affiliates together: the
 * interface does not say which sub-affiliate brought which invitee, and the page
 * says so rather than suggesting these are this sub-affiliate's.
 */
export function ViaSubAgentsSection({ via }: { via: Via }) {
  const fmt = useAmountFormat();
  // The page lists the top of the invitees only (lib/reports/sub-affiliate/via-sub-agents.ts): say so when there are more.
  const cut = via.top.length < via.invitees;
  return (
    <ReportSection label="Invitees via sub-agents" title="Invitees via sub-agents (all sub-affiliates together)" report="sub-affiliate" table="via-sub-agents" kind="table">
      <div className="space-y-2 px-4 pb-3 text-sm text-slate-700 dark:text-slate-300">
        <p>
          <strong>Which of these invitees this sub-affiliate brought is not known.</strong> The exchange marks commission that came through a sub-agent (sourceType 2)
          but does not name the sub-affiliate, and its sub-affiliate report gives totals only, no invitees. So this list is every invitee who came via any
          sub-agent, none of them attributed to this one.
        </p>
        <p>
          In this period: {countOf(via.invitees, "invitee")} via sub-agents, {total(fmt, via.commission, coinDecimals(via.coin), via.coin)} commission
          {valuedWords(via, fmt)} ({via.coin} only; other coins are not added in), {total(fmt, via.volume, 0, "USDT")} volume
          {fmt.percentages ? ` (${fmt.totalUnit("USDT")})` : ""}.
        </p>
        <ValuedBasis prices={via.prices ?? null} />
        {cut ? (
          <p data-testid="via-sub-agents-cut">
            Listed below: the {formatCount(via.top.length)} with the most commission of {formatCount(via.invitees)}; the CSV has all of them.
          </p>
        ) : null}
      </div>
      {via.top.length === 0 ? null : (
        // The view's one coin: no coin column (the CSV, every invitee, has it). Uids link to their pages, masked on a link that masks them.
        <ContractTable
          table={subAffiliateContract.tables["via-sub-agents"]}
          rows={via.top}
          rowKey={(i) => i.uid}
          label="Top invitees via sub-agents"
          caption={`The ${formatCount(via.top.length)} invitees via sub-agents with the most commission in ${via.coin}${cut ? `, of ${formatCount(via.invitees)}` : ""}`}
          coin={via.coin}
          omit={["coin", ...usdtColumnUnlessValued(via.coin)]}
          views={{ volume: { dp: 0 } }}
        />
      )}
    </ReportSection>
  );
}
