"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { focusRing } from "@/components/ui/focus";
import { ArrowDownIcon, ArrowUpIcon, ChartIcon, CloseIcon, RefreshIcon, SearchIcon } from "@/components/ui/icons";
import { Skeleton, TableSkeleton } from "@/components/ui/skeleton";
import { SortableTh, TBody, THead, Table, TableFrame, Td, Tr } from "@/components/ui/table";
import { exchangeGet, isApiClientError } from "@/lib/api-client";
import {
  EMPTY_VALUE,
  compareDecimals,
  directionOf,
  formatCompact,
  formatDecimal,
  formatFractionAsPercent,
  formatPrice,
  formatRateAsPercent,
  spreadOf,
  type Direction,
  type Spread,
} from "@/lib/format/decimal";
import { queryKeys } from "@/lib/query-keys";
import type { ResponseOf } from "@/lib/weex/endpoints";
import {
  MAX_QUERY_LENGTH,
  nextSort,
  parseMarketsParams,
  withMarketsState,
  type MarketsState,
  type SortDir,
  type SymbolColumn,
  type TickerColumn,
} from "./search-params";

type SymbolDef = ResponseOf<"exchangeInfo">["symbols"][number];
type Ticker = Extract<ResponseOf<"ticker24hr">, readonly unknown[]>[number];

/** Tickers refresh this often while the tab is visible. */
export const TICKER_REFRESH_MS = 10_000;

type SortValue = string | number | null | undefined;

/** Sorts a copy; numbers compare as decimals, missing values always last, ties by symbol. */
function sortRows<R extends { symbol: string }>(
  rows: readonly R[],
  value: (row: R) => SortValue,
  kind: "text" | "number",
  direction: SortDir,
): R[] {
  const factor = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const xMissing = x === null || x === undefined || x === "";
    const yMissing = y === null || y === undefined || y === "";
    if (xMissing || yMissing) return xMissing === yMissing ? a.symbol.localeCompare(b.symbol) : xMissing ? 1 : -1;
    const order = kind === "text" ? String(x).localeCompare(String(y)) : compareDecimals(String(x), String(y));
    return order !== 0 ? order * factor : a.symbol.localeCompare(b.symbol);
  });
}

function matches(symbol: string, query: string): boolean {
  return query === "" || symbol.toUpperCase().includes(query);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function clock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function MarketsView({ initialState }: { initialState: MarketsState }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseMarketsParams(searchParams);

  // The input keeps its own text (typing never waits for the URL); the URL follows it.
  const [query, setQuery] = useState(initialState.q);
  const [urlQuery, setUrlQuery] = useState(state.q);
  if (state.q !== urlQuery) {
    // The URL changed underneath us (back/forward): show what it says.
    setUrlQuery(state.q);
    if (state.q !== query.trim()) setQuery(state.q);
  }
  const filter = useDeferredValue(query.trim().toUpperCase());

  /** URL state changes without a server round trip: Next keeps useSearchParams in step with history.replaceState. */
  function updateUrl(patch: Partial<MarketsState>) {
    const next = withMarketsState(window.location.search, patch).toString();
    window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
  }

  const info = useQuery({
    queryKey: queryKeys.markets.exchangeInfo(),
    queryFn: ({ signal }) => exchangeGet("exchangeInfo", undefined, { signal }),
    staleTime: 5 * 60_000,
  });

  const tickers = useQuery({
    queryKey: queryKeys.markets.tickers(),
    queryFn: async ({ signal }) => {
      const data = await exchangeGet("ticker24hr", undefined, { signal });
      return Array.isArray(data) ? data : [data as Ticker];
    },
    refetchInterval: TICKER_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: TICKER_REFRESH_MS / 2,
    placeholderData: keepPreviousData,
  });

  const symbolsByName = useMemo(() => {
    const map = new Map<string, SymbolDef>();
    for (const s of info.data?.symbols ?? []) map.set(s.symbol, s);
    return map;
  }, [info.data]);

  return (
    <div className="flex flex-col gap-6">
      <SearchBox
        value={query}
        onChange={(value) => {
          setQuery(value);
          updateUrl({ q: value.trim() });
        }}
      />

      <TickerSection
        query={query}
        filter={filter}
        tickers={tickers}
        symbolsByName={symbolsByName}
        sort={{ column: state.tsort, direction: state.tdir }}
        onSort={(column) => {
          const next = nextSort({ column: state.tsort, direction: state.tdir }, column);
          updateUrl({ tsort: next.column, tdir: next.direction });
        }}
        onClearSearch={() => {
          setQuery("");
          updateUrl({ q: "" });
        }}
      />

      <SymbolSection
        query={query}
        filter={filter}
        info={info}
        sort={{ column: state.sort, direction: state.dir }}
        onSort={(column) => {
          const next = nextSort({ column: state.sort, direction: state.dir }, column);
          updateUrl({ sort: next.column, dir: next.direction });
        }}
        onClearSearch={() => {
          setQuery("");
          updateUrl({ q: "" });
        }}
      />
    </div>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div role="search" className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Search symbols
      </label>
      <div className="relative w-full sm:max-w-xs">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="BTC, ETHUSDT…"
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            "h-9 w-full rounded-lg border border-slate-300 bg-white pr-9 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-500",
            "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400",
            "[&::-webkit-search-cancel-button]:hidden",
            focusRing,
          )}
        />
        {value ? (
          <button
            type="button"
            onClick={() => onChange("")}
            className={cn(
              "absolute top-1/2 right-1.5 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white",
              focusRing,
            )}
          >
            <CloseIcon className="size-3.5" />
            <span className="sr-only">Clear search</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

function Panel({
  titleId,
  title,
  meta,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white shadow-xs dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-x-4 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {meta ? <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{meta}</div> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/* ------------------------------------------------------------------ tickers */

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

type TickersQuery = {
  data: Ticker[] | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
};

function TickerSection({
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

function NoMatch({ query, onClear, what }: { query: string; onClear: () => void; what: string }) {
  return (
    <EmptyState
      className="m-4 border-0"
      headingLevel={3}
      icon={<SearchIcon className="size-6" />}
      title={`No ${what} match “${query.trim()}”`}
      description="Search looks for the text anywhere in the symbol, e.g. BTC or USDT."
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear search
        </Button>
      }
    />
  );
}

/* ------------------------------------------------------------ symbol rules */

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

type InfoQuery = {
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

function SymbolSection({
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
      {symbols?.length ?? 0} symbols · server time zone {info.data.timezone}
    </span>
  ) : info.isPending ? (
    <Skeleton className="h-3 w-40" />
  ) : null;

  return (
    <Panel titleId={titleId} title="Symbol rules" meta={meta}>
      {info.isPending ? (
        <TableSkeleton rows={6} columns={9} label="Loading symbol rules" />
      ) : info.isError && !symbols ? (
        <div className="p-4">
          <ErrorPanel
            error={info.error}
            title="The symbol rules could not be loaded"
            onRetry={() => info.refetch()}
            retrying={info.isFetching}
          />
        </div>
      ) : !symbols || symbols.length === 0 ? (
        <EmptyState
          className="m-4 border-0"
          headingLevel={3}
          title="No symbols"
          description="The exchange lists no spot symbols for this connection."
        />
      ) : visible.length === 0 ? (
        <NoMatch query={query} onClear={onClearSearch} what="symbols" />
      ) : (
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
              {visible.map((s) => (
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
      )}
    </Panel>
  );
}
