"use client";

/**
 * The Orders page: the spot account's open orders, history, lookup and batch
 * placement, then contract trading. Each panel is its own file; this view reads
 * the URL state once and hands it down.
 */
import { useQuery } from "@tanstack/react-query";
import { apiGet, exchangeGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { ordersParamIssues, parseOrdersParams, withOrdersState } from "./search-params";
import { BatchPlacement } from "./spot-batch";
import { OpenOrders } from "./spot-open-orders";
import { OrderHistory } from "./spot-order-history";
import { OrderLookup } from "./spot-order-lookup";
import { ContractTrading } from "./trading";
import { ParamNotice } from "@/components/ui/param-notice";
import { useOpeningParamIssues, useScreenState } from "@/lib/url-state/use-screen-state";
import { hasRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session-user";

function useSymbols(): string[] {
  const info = useQuery({
    queryKey: queryKeys.markets.exchangeInfo(),
    queryFn: ({ signal }) => exchangeGet("exchangeInfo", undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  return (info.data?.symbols ?? []).map((s) => s.symbol).sort();
}

export function OrdersView() {
  const [state, updateUrl] = useScreenState(parseOrdersParams, withOrdersState);
  const opening = useOpeningParamIssues(ordersParamIssues);
  const symbols = useSymbols();
  const me = useQuery({ queryKey: queryKeys.me(), queryFn: ({ signal }) => apiGet<SessionUser>("/api/me", undefined, { signal }), staleTime: 60_000 });
  const canTrade = hasRole(me.data?.role, "trader");

  return (
    <div className="flex flex-col gap-6">
      <ParamNotice issues={opening.issues} cleanQuery={opening.cleanQuery} />
      <OpenOrders state={state} symbols={symbols} onChange={updateUrl} />
      <OrderHistory state={state} symbols={symbols} onChange={updateUrl} />
      <OrderLookup />
      <BatchPlacement symbols={symbols} canTrade={canTrade} roleKnown={me.isSuccess} />
      <ContractTrading role={me.data?.role} symbols={symbols} />
    </div>
  );
}
