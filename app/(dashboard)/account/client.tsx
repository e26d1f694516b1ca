"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useId, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { RefreshIcon } from "@/components/ui/icons";
import { TableSkeleton } from "@/components/ui/skeleton";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { Panel } from "@/components/ui/panel";
import { Field, inputClass } from "@/components/ui/field";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { exchangeGet, exchangePost } from "@/lib/api-client";
import { downloadCsv, toCsv } from "@/lib/export/csv";
import { EMPTY_VALUE, compareDecimals, formatDecimal, toDecimal } from "@/lib/format/decimal";
import { queryKeys } from "@/lib/query-keys";
import type { ResponseOf } from "@/lib/weex/endpoints";
import {
  BILLS_MAX_LIMIT,
  FUNDING_MAX_PAGE_SIZE,
  KNOWN_BIZ_TYPES,
  billsRequest,
  fundingRequest,
  parseAccountParams,
  withAccountState,
  type AccountState,
} from "./search-params";

type Account = ResponseOf<"account">;
type Bill = ResponseOf<"accountBills">[number];

const PAGE_SIZES = [10, 20, 50, 100] as const;

/** UTC "YYYY-MM-DD HH:mm:ss": the same text on the server and in the browser. */
export function formatTime(ms: string | number | null | undefined): string {
  const n = typeof ms === "string" ? Number(ms) : ms;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return EMPTY_VALUE;
  return new Date(n).toISOString().slice(0, 19).replace("T", " ");
}

/** Exact sum of two decimal strings, as a plain decimal string. */
export function exactSum(a: string, b: string): string {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x && y ? x.plus(y).toFixed() : EMPTY_VALUE;
}

function signed(value: string): string {
  return formatDecimal(value, { sign: true });
}

function signClass(value: string): string {
  const d = toDecimal(value);
  if (!d || d.isZero()) return "";
  return d.isNegative() ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300";
}

export function AccountView() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseAccountParams(searchParams);

  function updateUrl(patch: Partial<AccountState>) {
    const next = withAccountState(window.location.search, patch).toString();
    window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
  }

  return (
    <div className="flex flex-col gap-6">
      <AccountSummary />
      <SpotBills state={state} onChange={updateUrl} />
      <FundingBills state={state} onChange={updateUrl} />
    </div>
  );
}




function Flag({ label, value }: { label: string; value: boolean | undefined }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cn("font-medium", value === undefined ? "text-slate-500 dark:text-slate-400" : value ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300")}>
        {value === undefined ? "not reported" : value ? "Yes" : "No"}
      </dd>
    </div>
  );
}

function AccountSummary() {
  const account = useQuery({
    queryKey: queryKeys.exchange.endpoint("account"),
    queryFn: ({ signal }) => exchangeGet("account", undefined, { signal }),
    staleTime: 15_000,
  });
  const data: Account | undefined = account.data;
  const balances = [...(data?.balances ?? [])].sort((a, b) => compareDecimals(exactSum(b.free, b.locked), exactSum(a.free, a.locked)) || a.asset.localeCompare(b.asset));

  return (
    <>
      <Panel
        title="Balances"
        meta={data ? `UID ${data.uid} · ${data.accountType} · updated ${formatTime(data.updateTime)} UTC` : "Spot account of the selected connection"}
        actions={
          <Button variant="secondary" size="sm" onClick={() => void account.refetch()} disabled={account.isFetching}>
            <RefreshIcon className={cn("size-4", account.isFetching && "animate-spin")} />
            Refresh
          </Button>
        }
      >
        {account.isError ? (
          <ErrorPanel className="m-4" title="The account could not be loaded" error={account.error} onRetry={() => void account.refetch()} retrying={account.isFetching} />
        ) : !data ? (
          <TableSkeleton rows={4} columns={4} label="Loading balances" />
        ) : balances.length === 0 ? (
          <EmptyState className="m-4 border-0" headingLevel={3} title="No balances" description="This account holds no assets." />
        ) : (
          <TableFrame label="Balances">
            <Table caption="Balances: free, locked and total per asset">
              <THead>
                <tr>
                  <Th>Asset</Th>
                  <Th align="right">Free</Th>
                  <Th align="right">Locked</Th>
                  <Th align="right">Total</Th>
                </tr>
              </THead>
              <TBody>
                {balances.map((b) => (
                  <Tr key={b.asset}>
                    <Td className="font-medium text-slate-900 dark:text-white">{b.asset}</Td>
                    <Td numeric>{formatDecimal(b.free)}</Td>
                    <Td numeric>{formatDecimal(b.locked)}</Td>
                    <Td numeric className="font-medium text-slate-900 dark:text-white">
                      {formatDecimal(exactSum(b.free, b.locked))}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </TableFrame>
        )}
      </Panel>

      {data ? (
        <div className="grid gap-6 md:grid-cols-2">
          <Panel title="Fee rates" meta="Account-level rates; per-symbol overrides apply where the exchange sets them">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 p-4 text-sm">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Maker</dt>
                <dd className="font-medium text-slate-900 tabular-nums dark:text-white">
                  {data.commissionRates.maker} <span className="text-slate-600 dark:text-slate-400">({data.makerCommission} bps)</span>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Taker</dt>
                <dd className="font-medium text-slate-900 tabular-nums dark:text-white">
                  {data.commissionRates.taker} <span className="text-slate-600 dark:text-slate-400">({data.takerCommission} bps)</span>
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-slate-600 dark:text-slate-400">Per-symbol overrides</dt>
                <dd className="font-medium text-slate-900 dark:text-white">
                  {data.symbolCommissions && Object.keys(data.symbolCommissions).length > 0 ? Object.keys(data.symbolCommissions).join(", ") : "none"}
                </dd>
              </div>
            </dl>
          </Panel>
          <Panel title="Flags and permissions">
            <div className="p-4 text-sm">
              <dl className="divide-y divide-slate-100 dark:divide-slate-800">
                <Flag label="Can trade" value={data.canTrade} />
                <Flag label="Can deposit" value={data.canDeposit} />
                <Flag label="Can withdraw" value={data.canWithdraw} />
                <Flag label="Broker managed" value={data.brokered} />
                <Flag label="Self-trade prevention required" value={data.requireSelfTradePrevention} />
                <Flag label="Smart order routing disabled" value={data.preventSor} />
              </dl>
              <p className="mt-3 text-slate-600 dark:text-slate-400">Permissions</p>
              <ul aria-label="Permissions" className="mt-1 flex flex-wrap gap-1.5">
                {data.permissions.length === 0 ? <li className="text-slate-600 dark:text-slate-400">none</li> : null}
                {data.permissions.map((p) => (
                  <li key={p} className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    {p}
                  </li>
                ))}
              </ul>
            </div>
          </Panel>
        </div>
      ) : null}
    </>
  );
}

/** Coin and business-type filters shared by both bill panels; applied on submit. */
function BillFilters({
  coin,
  biz,
  size,
  sizeLabel,
  maxSize,
  extra,
  onApply,
}: {
  coin: string;
  biz: string;
  size: number;
  sizeLabel: string;
  maxSize: number;
  extra?: (ids: { from: string; to: string }) => ReactNode;
  onApply: (values: { coin: string; biz: string; size: number; form: FormData }) => void;
}) {
  const id = useId();
  const sizes = PAGE_SIZES.filter((s) => s <= maxSize);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply({
      coin: String(form.get("coin") ?? "").trim(),
      biz: String(form.get("biz") ?? "").trim(),
      size: Number(form.get("size") ?? size),
      form,
    });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <Field label="Asset (coin id)" htmlFor={`${id}-coin`}>
        <input id={`${id}-coin`} name="coin" inputMode="numeric" pattern="\d*" defaultValue={coin} placeholder="all" className={cn(inputClass, "w-28")} />
      </Field>
      <Field label="Business type" htmlFor={`${id}-biz`}>
        <input id={`${id}-biz`} name="biz" list={`${id}-biz-list`} defaultValue={biz} placeholder="all" className={cn(inputClass, "w-36")} />
      </Field>
      <datalist id={`${id}-biz-list`}>
        {KNOWN_BIZ_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {extra ? extra({ from: `${id}-from`, to: `${id}-to` }) : null}
      <PageSizeSelect id={`${id}-size`} name="size" label={sizeLabel} sizes={sizes} value={size} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}

const BILL_CSV_HEADER = ["billId", "time (UTC)", "cTime", "coinId", "coinName", "bizType", "deltaAmount", "fees", "afterAmount", "fillSize", "fillValue"];

function billCsvRow(b: Bill): string[] {
  return [b.billId, formatTime(b.cTime), b.cTime, String(b.coinId), b.coinName, b.bizType, b.deltaAmount, b.fees, b.afterAmount, b.fillSize ?? "", b.fillValue ?? ""];
}

function BillsTable({ label, bills, showFills }: { label: string; bills: readonly Bill[]; showFills: boolean }) {
  return (
    <TableFrame label={label}>
      <Table caption={label}>
        <THead>
          <tr>
            <Th>Time (UTC)</Th>
            <Th>Bill id</Th>
            <Th>Asset</Th>
            <Th>Type</Th>
            <Th align="right">Amount</Th>
            <Th align="right">Fees</Th>
            <Th align="right">Balance after</Th>
            {showFills ? <Th align="right">Fill size</Th> : null}
            {showFills ? <Th align="right">Fill value</Th> : null}
          </tr>
        </THead>
        <TBody>
          {bills.map((b) => (
            <Tr key={b.billId}>
              <Td className="tabular-nums">{formatTime(b.cTime)}</Td>
              <Td className="font-mono text-xs">{b.billId}</Td>
              <Td>
                {b.coinName} <span className="text-xs text-slate-500 dark:text-slate-400">#{b.coinId}</span>
              </Td>
              <Td>{b.bizType}</Td>
              <Td numeric className={signClass(b.deltaAmount)}>
                {signed(b.deltaAmount)}
              </Td>
              <Td numeric>{formatDecimal(b.fees)}</Td>
              <Td numeric className="font-medium text-slate-900 dark:text-white">
                {formatDecimal(b.afterAmount)}
              </Td>
              {showFills ? <Td numeric>{b.fillSize ? formatDecimal(b.fillSize) : EMPTY_VALUE}</Td> : null}
              {showFills ? <Td numeric>{b.fillValue ? formatDecimal(b.fillValue) : EMPTY_VALUE}</Td> : null}
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}

function SpotBills({ state, onChange }: { state: AccountState; onChange: (patch: Partial<AccountState>) => void }) {
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
  // Newest first. Going older, a short page is the end; going newer, a short page reached the latest.
  const atLatest = !state.before && !state.after ? true : state.after ? !full : false;
  const atOldest = state.after ? false : !full;

  return (
    <Panel
      title="Spot bills"
      meta={`Newest first, ${state.limit} per page${state.before ? ` · older than bill ${state.before}` : state.after ? ` · newer than bill ${state.after}` : " · latest"}`}
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(`spot-bills-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(BILL_CSV_HEADER, rows.map(billCsvRow)))}
        >
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
      {bills.isError ? (
        <ErrorPanel className="m-4" title="The spot bills could not be loaded" error={bills.error} onRetry={() => void bills.refetch()} retrying={bills.isFetching} />
      ) : !bills.data ? (
        <TableSkeleton rows={6} columns={7} label="Loading spot bills" />
      ) : rows.length === 0 ? (
        <EmptyState
          className="m-4 border-0"
          headingLevel={3}
          title="No spot bills here"
          description={state.after || state.before ? "Nothing further in this direction." : "No bills match these filters."}
          action={
            state.after || state.before ? (
              <Button variant="secondary" size="sm" onClick={() => onChange({ after: "", before: "" })}>
                Back to the latest
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div aria-busy={bills.isFetching}>
          <BillsTable label="Spot bills" bills={rows} showFills />
        </div>
      )}
      <nav aria-label="Spot bills pages" className="flex flex-wrap items-center justify-end gap-2 px-4 py-3">
        <Button variant="ghost" size="sm" disabled={!state.after && !state.before} onClick={() => onChange({ after: "", before: "" })}>
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

function FundingBills({ state, onChange }: { state: AccountState; onChange: (patch: Partial<AccountState>) => void }) {
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
      meta={data ? `Page ${data.page} of ${Math.max(data.pages, 1)} · ${data.total} bills` : "Deposits, withdrawals and transfers"}
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(`funding-bills-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(BILL_CSV_HEADER, rows.map(billCsvRow)))}
        >
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
      {funding.isError ? (
        <ErrorPanel className="m-4" title="The funding bills could not be loaded" error={funding.error} onRetry={() => void funding.refetch()} retrying={funding.isFetching} />
      ) : !data ? (
        <TableSkeleton rows={6} columns={7} label="Loading funding bills" />
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0" headingLevel={3} title="No funding bills here" description="No bills match these filters on this page." />
      ) : (
        <div aria-busy={funding.isFetching}>
          <BillsTable label="Funding bills" bills={rows} showFills={false} />
        </div>
      )}
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
