"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";
import { exchangeGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { nextSort } from "@/components/markets/columns";
import { marketsParamIssues, parseMarketsParams, withMarketsState, type MarketsState } from "./search-params";
import { SearchBox } from "@/components/markets/search-box";
import { TICKER_REFRESH_MS, TickerSection } from "@/components/markets/ticker-section";
import { SymbolSection } from "@/components/markets/symbol-section";
import { type SymbolDef, type Ticker } from "@/components/markets/rows";
import { ParamNotice } from "@/components/ui/param-notice";
import { useOpeningParamIssues, useScreenState } from "@/lib/url-state/use-screen-state";

export function MarketsView({ initialState }: { initialState: MarketsState }) {
  const [state, updateUrl] = useScreenState(parseMarketsParams, withMarketsState);
  const opening = useOpeningParamIssues(marketsParamIssues);

  // The input keeps its own text (typing never waits for the URL); the URL follows it.
  const [query, setQuery] = useState(initialState.q);
  const [urlQuery, setUrlQuery] = useState(state.q);
  if (state.q !== urlQuery) {
    // The URL changed underneath us (back/forward): show what it says.
    setUrlQuery(state.q);
    if (state.q !== query.trim()) setQuery(state.q);
  }
  const filter = useDeferredValue(query.trim().toUpperCase());

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
      <ParamNotice issues={opening.issues} cleanQuery={opening.cleanQuery} />
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
