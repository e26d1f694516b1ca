"use client";

/**
 * The invitee's figures: this period against the previous one (as many whole
 * UTC days), by symbol and the rates applied — all in the view's coin, volumes
 * and money movements in USDT. The two tables are the contract's
 * (lib/reports/invitee/contract.ts), drawn by ContractTable.
 */
import Decimal from "decimal.js";
import { ContractTable } from "@/components/reports/contract-table";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { MetricHelp } from "@/components/reports/metric-help";
import { PeriodsNote } from "@/components/reports/periods-note";
import { money, NO_CHANGE, total, useAmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { ArrowDownIcon, ArrowUpIcon } from "@/components/ui/icons";
import { coinDecimals } from "@/lib/format/amount";
import { formatRateAsPercent } from "@/lib/format/decimal";
import { INVITEE_FIGURES, inviteeContract, type InviteeDetailAnswer } from "@/lib/reports/invitee/contract";
import { changeBetween, formatChange } from "@/lib/metrics/compare";
import type { Comparison as MetricComparison } from "@/lib/metrics/definitions";
import { TODAY_ONLY } from "@/lib/reports/compared-gap";
import { PRODUCT_LABELS, type ProductType } from "@/lib/reports/filters";
import { usdtColumnUnlessValued, valuedColumnsUnless } from "@/components/reports/valued-column";

/** A figure's change as its metric compares (lib/metrics/compare.ts): amounts relative ("+9.2%"), the rate in points ("+0.65 pp"). */
function Change({ now, before, compare, todayOnly = false }: { now: string | null; before: string | null; compare: MetricComparison; todayOnly?: boolean }) {
  const change = changeBetween(now, before, compare);
  if (change === null) return <span className="text-slate-600 dark:text-slate-400">change: {todayOnly ? TODAY_ONLY : "—"}</span>;
  const up = new Decimal(change).gt(0);
  const flat = new Decimal(change).isZero();
  return (
    <span className={flat ? "text-slate-600 dark:text-slate-400" : up ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}>
      change: {!flat && (up ? <ArrowUpIcon className="inline size-3" /> : <ArrowDownIcon className="inline size-3" />)}
      {formatChange(change, compare)}
    </span>
  );
}

export function Comparison({ data }: { data: InviteeDetailAnswer }) {
  const fmt = useAmountFormat();
  const coin = data.current.coin;
  const render = (value: string | null, unit: "coin" | "USDT" | "ratio") => {
    if (unit === "ratio") return value === null ? "—" : formatRateAsPercent(value, { maxDp: 2 });
    return money(fmt, value ?? "0", coinDecimals(unit === "coin" ? coin : "USDT"));
  };
  const unsynced = [data.current, data.previous].some((p) => !p.commissionSynced || !p.assetsSynced);
  // Changes compare whole days only (lib/reports/periods.ts): while today is partial, this period without today;
  // null while today is its only day. Snapshots older than these fields compare the whole period, as they did.
  const partial = Boolean(data.periods?.partialDay) && data.currentWholeDays !== undefined;
  const compared = partial ? (data.currentWholeDays ?? null) : data.current;
  /** A figure of a period the sync has not read whole: what was read, marked "so far", or "not synced" for nothing (never a bare zero). */
  const shown = (value: string | null, unit: "coin" | "USDT" | "ratio", synced: boolean) => {
    if (synced) return render(value, unit);
    if (value === null || new Decimal(value).isZero()) return "not synced";
    return `${render(value, unit)} so far`;
  };
  return (
    <section aria-label="This period and the previous one" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">This period and the previous one</h2>
        <ExportCsvLink report="invitee" table="comparison" label="This period and the previous one" labelShownNearby />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Previous period: {data.previousPeriod.from} – {data.previousPeriod.to}
        {partial ? " (the days a change compares: today is partial and left out)" : " (as many whole UTC days)"}. Commission and net fee in {coin}; volumes and money
        movements in USDT.
        {unsynced
          ? " The sync has not read the whole history of a period marked “so far” (what was read) or “not synced” (nothing yet): no change is computed for them."
          : ""}
      </p>
      {data.periods ? <PeriodsNote periods={data.periods} compare="previous" /> : null}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {INVITEE_FIGURES.map((f) => {
          const [now, before] = [data.current[f.synced], data.previous[f.synced]];
          const unit = f.unit === "coin" ? coin : "USDT";
          // The rebate rate is withheld on a percentages link (lib/share/redact.ts): its card is left out.
          if (fmt.percentages && f.unit === "ratio") return null;
          if (fmt.percentages) {
            // No amount came: the server sent the figure's change against the previous period (null: none to show).
            return (
              <div key={f.key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">
                  <span>
                    {f.metric.label} ({fmt.totalUnit(unit)})
                  </span>
                  <MetricHelp label={f.metric.label} definition={f.metric.definition} />
                </dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums">{now && before ? total(fmt, data.current[f.key], 1) : `${NO_CHANGE}: not synced whole`}</dd>
              </div>
            );
          }
          return (
          <div key={f.key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-400">
              {/* Its own element, so the label reads (and is found) exactly, without the "?" and its definition. */}
              <span>
                {f.metric.label}
                {f.unit === "ratio" ? "" : ` (${fmt.unit(unit)})`}
              </span>
              <MetricHelp label={f.metric.label} definition={f.metric.definition} />
            </dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums break-all">{shown(data.current[f.key], f.unit, now)}</dd>
            <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-400">previous {shown(data.previous[f.key], f.unit, before)}</dd>
            <dd className="text-xs tabular-nums">
              <Change
                now={compared?.[f.synced] ? compared[f.key] : null}
                before={before ? data.previous[f.key] : null}
                compare={f.unit === "ratio" ? "points" : "relative"}
                todayOnly={partial && compared === null}
              />
            </dd>
          </div>
          );
        })}
      </dl>
    </section>
  );
}

export function BySymbol({ data }: { data: InviteeDetailAnswer }) {
  const fmt = useAmountFormat();
  const coin = data.current.coin;
  return (
    <ReportSection label={`By symbol (${fmt.coinHeading(coin)})`} report="invitee" table="by-symbol" kind="table">
      {/* The view's one coin: no coin column (the CSV has it). */}
      <ContractTable
        table={inviteeContract.tables["by-symbol"]}
        rows={data.bySymbol}
        rowKey={(r) => r.symbol}
        label="By symbol"
        caption={coin === "USDT" ? "Commission, net fee and volume per symbol, in USDT" : `Commission and net fee per symbol in ${coin}, each beside its value in USDT at each day's close, and volume`}
        coin={coin}
        omit={["coin", ...valuedColumnsUnless(coin, ["commissionUsdt", "feeUsdt"] as const)]}
        empty={`No commission in ${coin} in this period.`}
      />
    </ReportSection>
  );
}

export function RatesApplied({ data }: { data: InviteeDetailAnswer }) {
  const fmt = useAmountFormat();
  const coin = data.current.coin;
  // The rebate rates are withheld on a percentages link (lib/share/redact.ts): no table of them there.
  if (fmt.percentages) return null;
  return (
    <ReportSection label={`Rates applied (${coin})`} report="invitee" table="rates" kind="table">
      <ContractTable
        table={inviteeContract.tables.rates}
        rows={data.rates}
        rowKey={(r) => `${r.rate}|${r.productType}`}
        label="Rates applied"
        caption={`Items and commission per rebate rate and product, in ${coin}`}
        coin={coin}
        omit={["coin", ...usdtColumnUnlessValued(coin)]}
        // The product in words ("Futures"); the CSV keeps the interface's code.
        views={{ productType: { render: (r) => PRODUCT_LABELS[r.productType as ProductType] ?? r.productType } }}
        empty={`No commission in ${coin} in this period.`}
      />
    </ReportSection>
  );
}
