"use client";

/**
 * The invitee's figures: this period against the previous one (as many whole
 * UTC days), by symbol and the rates applied — all in the view's coin, volumes
 * and money movements in USDT.
 */
import Decimal from "decimal.js";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { MoneyTd } from "@/components/reports/money";
import { money, NO_CHANGE, total, useAmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { ArrowDownIcon, ArrowUpIcon } from "@/components/ui/icons";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { coinDecimals, formatCount } from "@/lib/format/amount";
import { formatFractionAsPercent, formatRateAsPercent } from "@/lib/format/decimal";
import { INVITEE_FIGURES, type InviteeDetailAnswer } from "@/lib/reports/contracts/invitee";
import { changeOf } from "@/lib/reports/contracts/overview";
import { PRODUCT_LABELS, type ProductType } from "@/lib/reports/filters";

function Change({ now, before }: { now: string | null; before: string | null }) {
  const change = now === null || before === null ? null : changeOf(now, before);
  if (change === null) return <span className="text-slate-600 dark:text-slate-400">change: —</span>;
  const up = new Decimal(change).gt(0);
  const flat = new Decimal(change).isZero();
  return (
    <span className={flat ? "text-slate-600 dark:text-slate-400" : up ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}>
      change: {!flat && (up ? <ArrowUpIcon className="inline size-3" /> : <ArrowDownIcon className="inline size-3" />)}
      {formatFractionAsPercent(change, { dp: 1, sign: true })}
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
        Previous period: {data.previousPeriod.from} – {data.previousPeriod.to} (as many whole UTC days). Commission and net fee in {coin}; volumes and money
        movements in USDT.
        {unsynced
          ? " The sync has not read the whole history of a period marked “so far” (what was read) or “not synced” (nothing yet): no change is computed for them."
          : ""}
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {INVITEE_FIGURES.map((f) => {
          const [now, before] = [data.current[f.synced], data.previous[f.synced]];
          const unit = f.unit === "coin" ? coin : "USDT";
          if (fmt.percentages && f.unit !== "ratio") {
            // No amount came: the server sent the figure's change against the previous period (null: none to show).
            return (
              <div key={f.key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">
                  {f.label} ({unit}, {fmt.totalUnit(unit)})
                </dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums">{now && before ? total(fmt, data.current[f.key], 1) : `${NO_CHANGE}: not synced whole`}</dd>
              </div>
            );
          }
          return (
          <div key={f.key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-400">
              {f.label}
              {f.unit === "ratio" ? "" : ` (${fmt.unit(unit)})`}
            </dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums break-all">{shown(data.current[f.key], f.unit, now)}</dd>
            <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-400">previous {shown(data.previous[f.key], f.unit, before)}</dd>
            <dd className="text-xs tabular-nums">
              <Change now={now ? data.current[f.key] : null} before={before ? data.previous[f.key] : null} />
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
    <ReportSection label={`By symbol (${coin})`} report="invitee" table="by-symbol" kind="table">
      <TableFrame label="By symbol">
        <Table caption={`Commission, net fee and volume per symbol, in ${coin}`}>
          <THead>
            <Tr>
              <Th>Symbol</Th>
              <Th align="right">Commission ({fmt.unit(coin)})</Th>
              <Th align="right">Net fee ({fmt.unit(coin)})</Th>
              <Th align="right">Taker ({fmt.unit("USDT")})</Th>
              <Th align="right">Maker ({fmt.unit("USDT")})</Th>
            </Tr>
          </THead>
          <TBody>
            {data.bySymbol.map((r) => (
              <Tr key={r.symbol}>
                <Td className="font-mono">{r.symbol}</Td>
                <MoneyTd value={r.commission} coin={coin} />
                <MoneyTd value={r.fee} coin={coin} />
                <MoneyTd value={r.takerVolume} coin="USDT" />
                <MoneyTd value={r.makerVolume} coin="USDT" />
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </ReportSection>
  );
}

export function RatesApplied({ data }: { data: InviteeDetailAnswer }) {
  const fmt = useAmountFormat();
  const coin = data.current.coin;
  return (
    <ReportSection label={`Rates applied (${coin})`} report="invitee" table="rates" kind="table">
      <TableFrame label="Rates applied">
        <Table caption={`Items and commission per rebate rate and product, in ${coin}`}>
          <THead>
            <Tr>
              <Th>Rate</Th>
              <Th>Product</Th>
              <Th align="right">Items</Th>
              <Th align="right">Commission ({fmt.unit(coin)})</Th>
            </Tr>
          </THead>
          <TBody>
            {data.rates.map((r) => (
              <Tr key={`${r.rate}|${r.productType}`}>
                <Td>{formatRateAsPercent(r.rate, { maxDp: 2 })}</Td>
                <Td>{PRODUCT_LABELS[r.productType as ProductType] ?? r.productType}</Td>
                <Td numeric>{formatCount(r.items)}</Td>
                <MoneyTd value={r.commission} coin={coin} />
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </ReportSection>
  );
}
