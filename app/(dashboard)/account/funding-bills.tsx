"use client";

/** Funding bills (deposits, withdrawals, transfers) over a UTC day range, in numbered pages (URL state `fcoin`, `fbiz`, `fsize`, `from`, `to`, `fpage`). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { exchangePost } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { BillFilters } from "./bill-filters";
import { BillsTable, downloadBillsCsv } from "./bills-table";
import { FUNDING_MAX_PAGE_SIZE, fundingRequest, type AccountState } from "./search-params";
import { countOf } from "@/lib/format/plural";

export function FundingBills({ state, onChange }: { state: AccountState; onChange: (patch: Partial<AccountState>) => void }) {
  const request = fundingRequest(state);
  const funding = useQuery({
    queryKey: queryKeys.exchange.endpoint("fundingBills", request),
    queryFn: ({ signal }) => exchangePost("fundingBills", request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const data = funding.data;
  const rows = data?.items ?? [];

  return (
    <Panel
      title="Funding bills"
      meta={data ? `Page ${data.page} of ${Math.max(data.pages, 1)} · ${countOf(data.total, "bill")}` : "Deposits, withdrawals and transfers"}
      actions={
        <Button variant="secondary" size="sm" disabled={rows.length === 0} onClick={() => downloadBillsCsv("funding-bills", rows)}>
          Export CSV
        </Button>
      }
    >
      <BillFilters
        coin={state.fcoin}
        biz={state.fbiz}
        size={state.fsize}
        sizeLabel="Page size"
        maxSize={FUNDING_MAX_PAGE_SIZE}
        extra={(ids) => (
          <>
            <Field label="From (UTC)" htmlFor={ids.from}>
              <input id={ids.from} name="from" type="date" defaultValue={state.from} className={inputClass} />
            </Field>
            <Field label="To (UTC)" htmlFor={ids.to}>
              <input id={ids.to} name="to" type="date" defaultValue={state.to} className={inputClass} />
            </Field>
          </>
        )}
        onApply={({ coin, biz, size, form }) =>
          onChange({ fcoin: coin, fbiz: biz, fsize: size, from: String(form.get("from") ?? ""), to: String(form.get("to") ?? ""), fpage: 1 })
        }
      />
      <QueryTable
        query={funding}
        errorTitle="The funding bills could not be loaded"
        loading={{ rows: 6, columns: 7, label: "Loading funding bills" }}
        empty={{ when: (page) => page.items.length === 0, title: "No funding bills here", description: "No bills match these filters on this page." }}
        busyWhileFetching
      >
        {(page) => <BillsTable label="Funding bills" bills={page.items} showFills={false} />}
      </QueryTable>
      <nav aria-label="Funding bills pages" className="flex flex-wrap items-center justify-end gap-2 px-4 py-3">
        <Button variant="secondary" size="sm" disabled={state.fpage <= 1 || funding.isFetching} onClick={() => onChange({ fpage: state.fpage - 1 })}>
          Previous page
        </Button>
        <Button variant="secondary" size="sm" disabled={!data?.hasNextPage || funding.isFetching} onClick={() => onChange({ fpage: state.fpage + 1 })}>
          Next page
        </Button>
      </nav>
    </Panel>
  );
}
