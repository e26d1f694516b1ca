"use client";

import { useId, useMemo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ArrowDownIcon, ArrowUpIcon, ChartIcon, RefreshIcon } from "@/components/ui/icons";
import { TableSkeleton } from "@/components/ui/skeleton";
import { SortableTh, TBody, THead, Table, TableFrame, Td, Tr } from "@/components/ui/table";
import { isApiClientError } from "@/lib/api-client";
import { EMPTY_VALUE, compareDecimals, directionOf, formatCompact, formatDecimal, formatFractionAsPercent, formatPrice, spreadOf, type Direction, type Spread } from "@/lib/format/decimal";
import { type SortDir, type TickerColumn } from "@/app/(dashboard)/markets/search-params";
import { clock, matches, sortRows, type SortValue, type SymbolDef, type Ticker } from "./rows";
import { Panel } from "@/components/ui/panel";
import { NoMatch } from "./no-match";

/** Tickers refresh this often while the tab is visible. */
export const TICKER_REFRESH_MS = 10_000;


type TickerRow = {
  symbol: string;
  ticker: Ticker;
  base?: string;
  quote?: string;
  tickSize?: string;
  spread: Spread | null;
};

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

const directionText: Record<Direction, string> = {
  up: "text-emerald-700 dark:text-emerald-400",
  down: "text-red-700 dark:text-red-400",
  flat: "text-slate-600 dark:text-slate-400",
};

/** A change with its sign in the text and an arrow, so colour is never the only cue. */
function Change({ text, direction, arrow = true }: { text: string; direction: Direction; arrow?: boolean }) {
  return (
    <span className={cn("inline-flex items-center justify-end gap-1 font-medium", directionText[direction])}>
      {arrow && direction === "up" ? <ArrowUpIcon className="size-3.5" /> : null}
      {arrow && direction === "down" ? <ArrowDownIcon className="size-3.5" /> : null}
      {text}
    </span>
  );
}

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

      {tickers.isPending ? (
        <TableSkeleton rows={8} columns={8} label="Loading tickers" />
      ) : tickers.isError && !all ? (
        <div className="p-4">
          <ErrorPanel
            error={tickers.error}
            title="The 24 h tickers could not be loaded"
            onRetry={() => tickers.refetch()}
            retrying={tickers.isFetching}
          />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          className="m-4 border-0"
          headingLevel={3}
          icon={<ChartIcon className="size-6" />}
          title="No tickers"
          description="The exchange returned no 24 h statistics for this connection."
        />
      ) : visible.length === 0 ? (
        <NoMatch query={query} onClear={onClearSearch} what="tickers" />
      ) : (
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
              {visible.map((row) => {
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
      )}
    </Panel>
  );
}

function TickerStats({ rows }: { rows: readonly TickerRow[] }) {
  const stats = useMemo(() => {
    let up = 0;
    let down = 0;
    let best: TickerRow | undefined;
    let worst: TickerRow | undefined;
    for (const row of rows) {
      const direction = directionOf(row.ticker.priceChangePercent, 4);
      if (direction === "up") up += 1;
      if (direction === "down") down += 1;
      if (!best || compareDecimals(row.ticker.priceChangePercent, best.ticker.priceChangePercent) > 0) best = row;
      if (!worst || compareDecimals(row.ticker.priceChangePercent, worst.ticker.priceChangePercent) < 0) worst = row;
    }
    return { up, down, flat: rows.length - up - down, best, worst };
  }, [rows]);

  const items: Array<{ label: string; value: ReactNode }> = [
    { label: "Markets", value: <span className="text-slate-900 dark:text-white">{rows.length}</span> },
    {
      label: "Advancing / declining",
      value: (
        <span className="inline-flex flex-wrap items-center gap-x-2">
          <Change text={`${stats.up} up`} direction={stats.up > 0 ? "up" : "flat"} />
          <span className="text-slate-400" aria-hidden="true">
            /
          </span>
          <Change text={`${stats.down} down`} direction={stats.down > 0 ? "down" : "flat"} />
        </span>
      ),
    },
    {
      label: "Top gainer",
      value: stats.best ? (
        <span className="inline-flex flex-wrap items-baseline gap-x-2">
          <span className="text-slate-900 dark:text-white">{stats.best.symbol}</span>
          <Change
            text={formatFractionAsPercent(stats.best.ticker.priceChangePercent, { sign: true })}
            direction={directionOf(stats.best.ticker.priceChangePercent, 4)}
          />
        </span>
      ) : (
        EMPTY_VALUE
      ),
    },
    {
      label: "Top loser",
      value: stats.worst ? (
        <span className="inline-flex flex-wrap items-baseline gap-x-2">
          <span className="text-slate-900 dark:text-white">{stats.worst.symbol}</span>
          <Change
            text={formatFractionAsPercent(stats.worst.ticker.priceChangePercent, { sign: true })}
            direction={directionOf(stats.worst.ticker.priceChangePercent, 4)}
          />
        </span>
      ) : (
        EMPTY_VALUE
      ),
    },
  ];

  return (
    <dl className="grid grid-cols-2 border-b border-slate-200 lg:grid-cols-4 dark:border-slate-800">
      {items.map((item, index) => (
        <div
          key={item.label}
          className={cn(
            "flex flex-col gap-1 px-4 py-3",
            index % 2 === 1 && "border-l border-slate-200 dark:border-slate-800",
            index >= 2 && "border-t border-slate-200 lg:border-t-0 dark:border-slate-800",
            index === 2 && "lg:border-l",
          )}
        >
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{item.label}</dt>
          <dd className="text-sm font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
