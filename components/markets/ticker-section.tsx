"use client";

import { useId, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ChartIcon, RefreshIcon } from "@/components/ui/icons";
import { QueryTable } from "@/components/ui/query-table";
import { SortableTh, TBody, THead, Table, TableFrame, Td, Tr } from "@/components/ui/table";
import { isApiClientError } from "@/lib/api-client";
import { EMPTY_VALUE, directionOf, formatCompact, formatDecimal, formatFractionAsPercent, formatPrice, spreadOf } from "@/lib/format/decimal";
import type { SortDir, TickerColumn } from "./columns";
import { Panel } from "@/components/ui/panel";
import { Change } from "./change";
import { NoMatch } from "./no-match";
import { clock, matches, sortRows, type SortValue, type SymbolDef, type Ticker, type TickerRow } from "./rows";
import { TickerStats } from "./ticker-stats";

/** Tickers refresh this often while the tab is visible. */
export const TICKER_REFRESH_MS = 10_000;

const TICKER_VALUE: Record<TickerColumn, { kind: "text" | "number"; value: (row: TickerRow) => SortValue }> = {
  symbol: { kind: "text", value: (r) => r.symbol },
  lastPrice: { kind: "number", value: (r) => r.ticker.lastPrice },
  change: { kind: "number", value: (r) => r.ticker.priceChange },
  changePercent: { kind: "number", value: (r) => r.ticker.priceChangePercent },
  high: { kind: "number", value: (r) => r.ticker.highPrice },
  low: { kind: "number", value: (r) => r.ticker.lowPrice },
  volume: { kind: "number", value: (r) => r.ticker.volume },
  quoteVolume: { kind: "number", value: (r) => r.ticker.quoteVolume },
  spreadBps: { kind: "number", value: (r) => r.spread?.bps },
};

export type TickersQuery = {
  data: Ticker[] | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
};

export function TickerSection({
  query,
  filter,
  tickers,
  symbolsByName,
  sort,
  onSort,
  onClearSearch,
}: {
  query: string;
  filter: string;
  tickers: TickersQuery;
  symbolsByName: ReadonlyMap<string, SymbolDef>;
  sort: { column: TickerColumn; direction: SortDir };
  onSort: (column: TickerColumn) => void;
  onClearSearch: () => void;
}) {
  const titleId = useId();
  const all = tickers.data;

  const rows = useMemo<TickerRow[]>(() => {
    if (!all) return [];
    return all.map((ticker) => {
      const def = symbolsByName.get(ticker.symbol);
      return {
        symbol: ticker.symbol,
        ticker,
        base: def?.baseAsset,
        quote: def?.quoteAsset,
        tickSize: def?.tickSize,
        spread: spreadOf(ticker.bidPrice, ticker.askPrice),
      };
    });
  }, [all, symbolsByName]);

  const visible = useMemo(() => {
    const { kind, value } = TICKER_VALUE[sort.column];
    return sortRows(
      rows.filter((row) => matches(row.symbol, filter)),
      value,
      kind,
      sort.direction,
    );
  }, [rows, filter, sort.column, sort.direction]);

  const updatedAt = tickers.dataUpdatedAt;
  const refreshFailed = tickers.isError && all !== undefined;

  const meta = (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="inline-flex items-center gap-1.5" data-testid="tickers-updated" data-updated-at={updatedAt || undefined}>
        <span
          aria-hidden="true"
          className={cn(
            "size-1.5 rounded-full",
            tickers.isError ? (all ? "bg-amber-500" : "bg-red-500") : tickers.isFetching || !updatedAt ? "animate-pulse bg-brand-500" : "bg-emerald-500",
          )}
        />
        {updatedAt ? (
          <span>
            Updated <time dateTime={new Date(updatedAt).toISOString()} className="tabular-nums">{clock(updatedAt)}</time>
          </span>
        ) : (
          <span>{tickers.isError ? "Not loaded" : "Loading…"}</span>
        )}
      </span>
      <span aria-hidden="true" className="hidden sm:inline">
        ·
      </span>
      <span className="basis-full sm:basis-auto">refreshes every {TICKER_REFRESH_MS / 1000} s while this tab is visible</span>
    </span>
  );

  return (
    <Panel
      titleId={titleId}
      title="24 h tickers"
      meta={meta}
      actions={
        <Button size="sm" variant="secondary" onClick={() => tickers.refetch()} disabled={tickers.isFetching}>
          <RefreshIcon className={cn("size-4", tickers.isFetching && "animate-spin")} />
          <span className="sr-only sm:not-sr-only">Refresh</span>
          <span className="sr-only"> tickers</span>
        </Button>
      }
    >
      {all ? <TickerStats rows={rows} /> : null}

      {refreshFailed ? (
        <div className="px-4 pt-3">
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
            The last refresh failed
            {isApiClientError(tickers.error) ? `: ${tickers.error.msg} (code ${String(tickers.error.code)})` : ""}. Showing
            the data from {clock(updatedAt)}.
          </p>
        </div>
      ) : null}

      <QueryTable
        query={tickers}
        errorTitle="The 24 h tickers could not be loaded"
        loading={{ rows: 8, columns: 8, label: "Loading tickers" }}
        keepDataOnError
        empty={{
          when: (data) => data.length === 0,
          title: "No tickers",
          description: "The exchange returned no 24 h statistics for this connection.",
          icon: <ChartIcon className="size-6" />,
        }}
      >
        {() =>
          visible.length === 0 ? (
            <NoMatch query={query} onClear={onClearSearch} what="tickers" />
          ) : (
            <TickersTable rows={visible} sort={sort} onSort={onSort} />
          )
        }
      </QueryTable>
    </Panel>
  );
}

/** The tickers sorted and filtered, with sortable headers. */
function TickersTable({ rows, sort, onSort }: { rows: readonly TickerRow[]; sort: { column: TickerColumn; direction: SortDir }; onSort: (column: TickerColumn) => void }) {
  return (
    <TableFrame label="24 h tickers">
      <Table caption={`24 h tickers, sorted by ${sort.column} ${sort.direction === "asc" ? "ascending" : "descending"}`}>
        <THead>
          <tr>
            <SortableTh column="symbol" label="Symbol" sort={sort} onSort={onSort} className="sticky left-0 z-10 bg-slate-50 dark:bg-slate-900" />
            <SortableTh column="lastPrice" label="Last price" sort={sort} onSort={onSort} align="right" />
            <SortableTh column="change" label="24h change" sort={sort} onSort={onSort} align="right" />
            <SortableTh column="changePercent" label="24h %" sort={sort} onSort={onSort} align="right" description="24 h change in percent" />
            <SortableTh column="high" label="24h high" sort={sort} onSort={onSort} align="right" />
            <SortableTh column="low" label="24h low" sort={sort} onSort={onSort} align="right" />
            <SortableTh column="volume" label="Volume" sort={sort} onSort={onSort} align="right" description="24 h volume in the base asset" />
            <SortableTh column="quoteVolume" label="Quote volume" sort={sort} onSort={onSort} align="right" description="24 h volume in the quote asset" />
            <SortableTh
              column="spreadBps"
              label="Spread"
              sort={sort}
              onSort={onSort}
              align="right"
              description="Best ask − best bid, and in basis points of the mid price (sorts by bps)"
            />
          </tr>
        </THead>
        <TBody>
          {rows.map((row) => {
            const t = row.ticker;
            const changeDirection = directionOf(t.priceChangePercent, 4);
            return (
              <Tr key={row.symbol} className="group">
                <Td className="sticky left-0 z-10 bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800">
                  <span className="block font-semibold text-slate-900 dark:text-white">{row.symbol}</span>
                  {row.base && row.quote ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {row.base} / {row.quote}
                    </span>
                  ) : null}
                </Td>
                <Td numeric className="font-medium text-slate-900 dark:text-white">
                  {formatPrice(t.lastPrice, row.tickSize)}
                </Td>
                <Td numeric>
                  <Change text={formatPrice(t.priceChange, row.tickSize, { sign: true })} direction={directionOf(t.priceChange)} arrow={false} />
                </Td>
                <Td numeric>
                  <Change text={formatFractionAsPercent(t.priceChangePercent, { sign: true })} direction={changeDirection} />
                </Td>
                <Td numeric>{formatPrice(t.highPrice, row.tickSize)}</Td>
                <Td numeric>{formatPrice(t.lowPrice, row.tickSize)}</Td>
                <Td numeric title={`${formatDecimal(t.volume)} ${row.base ?? ""}`.trim()}>{formatCompact(t.volume)}</Td>
                <Td numeric title={`${formatDecimal(t.quoteVolume)} ${row.quote ?? ""}`.trim()}>{formatCompact(t.quoteVolume)}</Td>
                <Td numeric>
                  {row.spread ? (
                    <>
                      <span className="block">{formatPrice(row.spread.absolute, row.tickSize)}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">{formatDecimal(row.spread.bps, { dp: 2 })} bps</span>
                    </>
                  ) : (
                    EMPTY_VALUE
                  )}
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </TableFrame>
  );
}
