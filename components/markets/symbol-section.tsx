"use client";

import { useId, useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { QueryTable } from "@/components/ui/query-table";
import { Skeleton } from "@/components/ui/skeleton";
import { SortableTh, TBody, THead, Table, TableFrame, Td, Tr } from "@/components/ui/table";
import { EMPTY_VALUE, formatDecimal, formatRateAsPercent } from "@/lib/format/decimal";
import type { ResponseOf } from "@/lib/weex/endpoints";
import type { SortDir, SymbolColumn } from "./columns";
import { matches, sortRows, type SortValue, type SymbolDef } from "./rows";
import { Panel } from "@/components/ui/panel";
import { NoMatch } from "./no-match";
import { countOf } from "@/lib/format/plural";

const SYMBOL_VALUE: Record<SymbolColumn, { kind: "text" | "number"; value: (s: SymbolDef) => SortValue }> = {
  symbol: { kind: "text", value: (s) => s.symbol },
  status: { kind: "text", value: (s) => s.status },
  pair: { kind: "text", value: (s) => `${s.baseAsset}/${s.quoteAsset}` },
  tickSize: { kind: "number", value: (s) => s.tickSize },
  stepSize: { kind: "number", value: (s) => s.stepSize },
  minQty: { kind: "number", value: (s) => s.minTradeAmount },
  maxQty: { kind: "number", value: (s) => s.maxTradeAmount },
  makerFee: { kind: "number", value: (s) => s.makerFeeRate },
  takerFee: { kind: "number", value: (s) => s.takerFeeRate },
  basePrecision: { kind: "number", value: (s) => s.baseAssetPrecision },
  quotePrecision: { kind: "number", value: (s) => s.quoteAssetPrecision },
};

export type InfoQuery = {
  data: ResponseOf<"exchangeInfo"> | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

function StatusBadge({ status, enableTrade }: { status: string; enableTrade: boolean }) {
  const trading = status === "TRADING" && enableTrade;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium",
        trading
          ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-400/20"
          : "bg-slate-100 text-slate-700 ring-1 ring-slate-500/20 ring-inset dark:bg-slate-800 dark:text-slate-300",
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", trading ? "bg-emerald-500" : "bg-slate-400")} />
      {status}
      {status === "TRADING" && !enableTrade ? " (paused)" : ""}
    </span>
  );
}

export function SymbolSection({
  query,
  filter,
  info,
  sort,
  onSort,
  onClearSearch,
}: {
  query: string;
  filter: string;
  info: InfoQuery;
  sort: { column: SymbolColumn; direction: SortDir };
  onSort: (column: SymbolColumn) => void;
  onClearSearch: () => void;
}) {
  const titleId = useId();
  const symbols = info.data?.symbols;

  const visible = useMemo(() => {
    if (!symbols) return [];
    const { kind, value } = SYMBOL_VALUE[sort.column];
    return sortRows(
      symbols.filter((s) => matches(s.symbol, filter)),
      value,
      kind,
      sort.direction,
    );
  }, [symbols, filter, sort.column, sort.direction]);

  const meta = info.data ? (
    <span>
      {countOf(symbols?.length ?? 0, "symbol")} · server time zone {info.data.timezone}
    </span>
  ) : info.isPending ? (
    <Skeleton className="h-3 w-40" />
  ) : null;

  return (
    <Panel titleId={titleId} title="Symbol rules" meta={meta}>
      <QueryTable
        query={info}
        errorTitle="The symbol rules could not be loaded"
        loading={{ rows: 6, columns: 9, label: "Loading symbol rules" }}
        keepDataOnError
        empty={{ when: (data) => data.symbols.length === 0, title: "No symbols", description: "The exchange lists no spot symbols for this connection." }}
      >
        {() => (visible.length === 0 ? <NoMatch query={query} onClear={onClearSearch} what="symbols" /> : <SymbolsTable rows={visible} sort={sort} onSort={onSort} />)}
      </QueryTable>
    </Panel>
  );
}

/** The symbol rules sorted and filtered, with sortable headers. */
function SymbolsTable({ rows, sort, onSort }: { rows: readonly SymbolDef[]; sort: { column: SymbolColumn; direction: SortDir }; onSort: (column: SymbolColumn) => void }) {
  return (
    <TableFrame label="Symbol rules">
      <Table caption={`Symbol rules, sorted by ${sort.column} ${sort.direction === "asc" ? "ascending" : "descending"}`}>
        <THead>
          <tr>
            <SortableTh column="symbol" label="Symbol" sort={sort} onSort={onSort} className="sticky left-0 z-10 bg-slate-50 dark:bg-slate-900" />
            <SortableTh column="status" label="Status" sort={sort} onSort={onSort} />
            <SortableTh column="pair" label="Base / quote" sort={sort} onSort={onSort} />
            <SortableTh column="tickSize" label="Tick size" sort={sort} onSort={onSort} align="right" description="Smallest price increment" />
            <SortableTh column="stepSize" label="Step size" sort={sort} onSort={onSort} align="right" description="Smallest quantity increment" />
            <SortableTh column="minQty" label="Min qty" sort={sort} onSort={onSort} align="right" description="Minimum order quantity" />
            <SortableTh column="maxQty" label="Max qty" sort={sort} onSort={onSort} align="right" description="Maximum order quantity" />
            <SortableTh column="makerFee" label="Maker fee" sort={sort} onSort={onSort} align="right" />
            <SortableTh column="takerFee" label="Taker fee" sort={sort} onSort={onSort} align="right" />
            <SortableTh column="basePrecision" label="Base prec." sort={sort} onSort={onSort} align="right" description="Base asset precision (decimals)" />
            <SortableTh column="quotePrecision" label="Quote prec." sort={sort} onSort={onSort} align="right" description="Quote asset precision (decimals)" />
          </tr>
        </THead>
        <TBody>
          {rows.map((s) => (
            <Tr key={s.symbol} className="group">
              <Td className="sticky left-0 z-10 bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800">
                <span className="inline-flex items-center gap-1.5">
                  <span className="font-semibold text-slate-900 dark:text-white">{s.symbol}</span>
                  {s.displayHot ? (
                    <span className="rounded bg-orange-100 px-1 text-[0.625rem] font-semibold tracking-wide text-orange-900 uppercase dark:bg-orange-950 dark:text-orange-200">
                      Hot
                    </span>
                  ) : null}
                  {s.displayNew ? (
                    <span className="rounded bg-brand-100 px-1 text-[0.625rem] font-semibold tracking-wide text-brand-900 uppercase dark:bg-brand-950 dark:text-brand-200">
                      New
                    </span>
                  ) : null}
                </span>
              </Td>
              <Td>
                <StatusBadge status={s.status} enableTrade={s.enableTrade} />
              </Td>
              <Td>
                {s.baseAsset} <span className="text-slate-500 dark:text-slate-400">/</span> {s.quoteAsset}
              </Td>
              <Td numeric>{s.tickSize ? formatDecimal(s.tickSize) : EMPTY_VALUE}</Td>
              <Td numeric>{s.stepSize ? formatDecimal(s.stepSize) : EMPTY_VALUE}</Td>
              <Td numeric>{formatDecimal(s.minTradeAmount)}</Td>
              <Td numeric>{formatDecimal(s.maxTradeAmount)}</Td>
              <Td numeric>{formatRateAsPercent(s.makerFeeRate)}</Td>
              <Td numeric>{formatRateAsPercent(s.takerFeeRate)}</Td>
              <Td numeric>{s.baseAssetPrecision}</Td>
              <Td numeric>{s.quoteAssetPrecision}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}
