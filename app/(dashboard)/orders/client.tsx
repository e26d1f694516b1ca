"use client";

/**
 * The Orders page in tabs (the tab is in the URL: ?tab=…): spot open orders,
 * spot history (with order lookup), contract orders placed through the app
 * (status from the exchange, cancel one or several, lookup), placing an order
 * (contract; spot batch placement), TP/SL on a position, the conditional order
 * history, and the trading audit log (admins). Each panel is its own file; this
 * view reads the URL state once and hands it down.
 */
import { useQuery } from "@tanstack/react-query";
import { Tabs, type TabDef } from "@/components/ui/tabs";
import { apiGet, exchangeGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { ORDERS_TABS, ordersParamIssues, parseOrdersParams, withOrdersState, type OrdersTab } from "./search-params";
import { BatchPlacement } from "./spot-batch";
import { OpenOrders } from "./spot-open-orders";
import { OrderHistory } from "./spot-order-history";
import { OrderLookup } from "./spot-order-lookup";
import { AlgoHistory } from "./contract-algo-history";
import { ContractOrders } from "./contract-orders";
import { PlaceOrder } from "./contract-order-form";
import { TpSlPanel } from "./tpsl";
import { AuditLog } from "./trading-audit-log";
import { TraderOnly } from "./trading";
import { ParamNotice } from "@/components/ui/param-notice";
import { useOpeningParamIssues, useScreenState } from "@/lib/url-state/use-screen-state";
import { hasRole } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session-user";

const TAB_LABELS: Record<OrdersTab, string> = {
  open: "Spot open orders",
  history: "Spot history",
  contract: "Contract orders",
  place: "Place order",
  tpsl: "TP/SL",
  conditional: "Conditional history",
  audit: "Audit",
};

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
  const role = me.data?.role;
  const canTrade = hasRole(role, "trader");
  // The audit log is for admins: the tab is shown to them only (a URL naming it shows others the first tab).
  const tabs: Array<TabDef<OrdersTab>> = ORDERS_TABS.filter((t) => t !== "audit" || role === "admin").map((id) => ({ id, label: TAB_LABELS[id] }));
  const tab = tabs.some((t) => t.id === state.tab) ? state.tab : "open";

  return (
    <div className="flex flex-col gap-6">
      <ParamNotice issues={opening.issues} cleanQuery={opening.cleanQuery} />
      <Tabs label="Orders" tabs={tabs} selected={tab} onSelect={(next) => updateUrl({ tab: next })}>
        {tab === "open" ? <OpenOrders state={state} symbols={symbols} onChange={updateUrl} /> : null}
        {tab === "history" ? (
          <>
            <OrderHistory state={state} symbols={symbols} onChange={updateUrl} />
            <OrderLookup />
          </>
        ) : null}
        {tab === "contract" ? <TraderOnly role={role}>{<ContractOrders />}</TraderOnly> : null}
        {tab === "place" ? (
          <>
            <TraderOnly role={role}>{<PlaceOrder symbols={symbols} />}</TraderOnly>
            <BatchPlacement symbols={symbols} canTrade={canTrade} roleKnown={me.isSuccess} />
          </>
        ) : null}
        {tab === "tpsl" ? <TraderOnly role={role}>{<TpSlPanel symbols={symbols} />}</TraderOnly> : null}
        {tab === "conditional" ? <TraderOnly role={role}>{<AlgoHistory symbols={symbols} />}</TraderOnly> : null}
        {tab === "audit" && role === "admin" ? <AuditLog /> : null}
      </Tabs>
    </div>
  );
}
