"use client";

/** The spot account's balances (total = free + locked, summed exactly), then its fee rates, flags and permissions. */
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { RefreshIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { exchangeGet } from "@/lib/api-client";
import { EMPTY_VALUE, compareDecimals, formatDecimal, toDecimal } from "@/lib/format/decimal";
import { formatUtcTime } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { ResponseOf } from "@/lib/weex/endpoints";
import { AccountDetails } from "./account-details";

type Balance = ResponseOf<"account">["balances"][number];

/** Exact sum of two decimal strings, as a plain decimal string. */
function exactSum(a: string, b: string): string {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x && y ? x.plus(y).toFixed() : EMPTY_VALUE;
}

/** Largest total first, then by asset name. */
function byTotal(balances: readonly Balance[]): Balance[] {
  return [...balances].sort((a, b) => compareDecimals(exactSum(b.free, b.locked), exactSum(a.free, a.locked)) || a.asset.localeCompare(b.asset));
}

function BalancesTable({ balances }: { balances: readonly Balance[] }) {
  return (
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
  );
}

export function AccountSummary() {
  const account = useQuery({
    queryKey: queryKeys.exchange.endpoint("account"),
    queryFn: ({ signal }) => exchangeGet("account", undefined, { signal }),
    staleTime: 15_000,
  });
  const data = account.data;

  return (
    <>
      <Panel
        title="Balances"
        // "Fetched" is when this page read the account (what Refresh changes); the exchange's own updateTime is a different clock, labelled as such.
        meta={data ? `UID ${data.uid} · ${data.accountType} · fetched ${formatUtcTime(account.dataUpdatedAt)} UTC · exchange's account time ${formatUtcTime(data.updateTime)} UTC` : "Spot account of the selected connection"}
        actions={
          <Button variant="secondary" size="sm" onClick={() => void account.refetch()} disabled={account.isFetching}>
            <RefreshIcon className={cn("size-4", account.isFetching && "animate-spin")} />
            Refresh
          </Button>
        }
      >
        <QueryTable
          query={account}
          errorTitle="The account could not be loaded"
          loading={{ rows: 4, columns: 4, label: "Loading balances" }}
          empty={{ when: (a) => a.balances.length === 0, title: "No balances", description: "This account holds no assets." }}
        >
          {(a) => <BalancesTable balances={byTotal(a.balances)} />}
        </QueryTable>
      </Panel>
      {data ? <AccountDetails data={data} /> : null}
    </>
  );
}
