"use client";

/** Spot bills, newest first, paged by the edge bill ids of the page shown (URL state `coin`, `biz`, `limit`, `after`, `before`). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { exchangePost } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { BillFilters } from "./bill-filters";
import { BillsTable, downloadBillsCsv } from "./bills-table";
import { BILLS_MAX_LIMIT, billsRequest, type AccountState } from "./search-params";

export function SpotBills({ state, onChange }: { state: AccountState; onChange: (patch: Partial<AccountState>) => void }) {
  const request = billsRequest(state);
  const bills = useQuery({
    queryKey: queryKeys.exchange.endpoint("accountBills", request),
    queryFn: ({ signal }) => exchangePost("accountBills", request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const rows = bills.data ?? [];
  const first = rows[0];
  const last = rows[rows.length - 1];
  const full = rows.length >= state.limit;
  const paged = Boolean(state.after || state.before);
  // Newest first. Going older, a short page is the end; going newer, a short page reached the latest.
  const atLatest = !paged ? true : state.after ? !full : false;
  const atOldest = state.after ? false : !full;
  const backToLatest = () => onChange({ after: "", before: "" });

  return (
    <Panel
      title="Spot bills"
      meta={`Newest first, ${state.limit} per page${state.before ? ` · older than bill ${state.before}` : state.after ? ` · newer than bill ${state.after}` : " · latest"}`}
      actions={
        <Button variant="secondary" size="sm" disabled={rows.length === 0} onClick={() => downloadBillsCsv("spot-bills", rows)}>
          Export CSV
        </Button>
      }
    >
      <BillFilters
        coin={state.coin}
        biz={state.biz}
        size={state.limit}
        sizeLabel="Per page"
        maxSize={BILLS_MAX_LIMIT}
        onApply={({ coin, biz, size }) => onChange({ coin, biz, limit: size, after: "", before: "" })}
      />
      <QueryTable
        query={bills}
        errorTitle="The spot bills could not be loaded"
        loading={{ rows: 6, columns: 7, label: "Loading spot bills" }}
        empty={{
          when: (page) => page.length === 0,
          title: "No spot bills here",
          description: paged ? "Nothing further in this direction." : "No bills match these filters.",
          action: paged ? (
            <Button variant="secondary" size="sm" onClick={backToLatest}>
              Back to the latest
            </Button>
          ) : undefined,
        }}
        busyWhileFetching
      >
        {(page) => <BillsTable label="Spot bills" bills={page} showFills />}
      </QueryTable>
      <nav aria-label="Spot bills pages" className="flex flex-wrap items-center justify-end gap-2 px-4 py-3">
        <Button variant="ghost" size="sm" disabled={!paged} onClick={backToLatest}>
          Latest
        </Button>
        <Button variant="secondary" size="sm" disabled={!first || atLatest || bills.isFetching} onClick={() => first && onChange({ after: first.billId, before: "" })}>
          Newer
        </Button>
        <Button variant="secondary" size="sm" disabled={!last || atOldest || bills.isFetching} onClick={() => last && onChange({ before: last.billId, after: "" })}>
          Older
        </Button>
      </nav>
    </Panel>
  );
}
