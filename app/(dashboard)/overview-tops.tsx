"use client";

/**
 * The Overview's top lists in the view's coin — top invitees (each linking to
 * its page, keeping the filters) and top symbols — and commission per coin,
 * each coin its own row: amounts in different coins are never added.
 */
import { ContractTable } from "@/components/reports/contract-table";
import { NO_CHANGE, total, useAmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { usdtColumnUnlessValued } from "@/components/reports/valued-column";
import { coinDecimals, exactAmount, formatCount } from "@/lib/format/amount";
import { EMPTY_VALUE } from "@/lib/format/decimal";
import { METRICS } from "@/lib/metrics/definitions";
import { overviewContract, type OverviewAnswer } from "@/lib/reports/overview/contract";

/** An empty list says so in words rather than showing a header over nothing. */
function NoRows({ columns, text }: { columns: number; text: string }) {
  return (
    <Tr>
      <Td colSpan={columns} className="text-slate-600 dark:text-slate-400">
        {text}
      </Td>
    </Tr>
  );
}

/** A top list in the view's coin, as its contract table describes it (the coin is the view's, so no coin column). */
function TopList<R>({ data, table, noun, rows, rowKey }: { data: OverviewAnswer; table: "top-invitees" | "top-symbols"; noun: string; rows: readonly R[]; rowKey: (row: R) => string }) {
  const fmt = useAmountFormat();
  const contract = overviewContract.tables[table];
  const title = `${contract.title} (${fmt.coinHeading(data.coin)})`;
  return (
    <ReportSection label={title} report="overview" table={table} kind="table">
      <ContractTable
        table={contract}
        rows={rows}
        rowKey={rowKey}
        label={title}
        caption={`The ${noun} that earned the most commission in ${data.coin} in the period`}
        coin={data.coin}
        omit={["coin", ...usdtColumnUnlessValued(data.coin)]}
        views={{ volume: { dp: 0 } }}
        empty={`No commission in ${data.coin} in this period.`}
      />
    </ReportSection>
  );
}

export function TopInvitees({ data }: { data: OverviewAnswer }) {
  return <TopList data={data} table="top-invitees" noun="invitees" rows={data.topInvitees} rowKey={(r) => r.uid} />;
}

export function TopSymbols({ data }: { data: OverviewAnswer }) {
  return <TopList data={data} table="top-symbols" noun="symbols" rows={data.topSymbols} rowKey={(r) => r.symbol} />;
}

/**
 * A coin's amount in USDT: "—" with the reason in its title where a day's close is not held (never 0); undefined in a
 * snapshot frozen before the values were carried.
 */
function ValuedCell({ value }: { value: string | null | undefined }) {
  const fmt = useAmountFormat();
  if (value === undefined) return <Td numeric title="Not in this snapshot: it was made before values in USDT were kept">{EMPTY_VALUE}</Td>;
  // On a percentages link null is a change there is none to show (as the native cells say), not a missing price.
  if (value === null && fmt.percentages) return <Td numeric>{NO_CHANGE}</Td>;
  if (value === null) return <Td numeric title="Not valued: a day of this coin has no close held">{EMPTY_VALUE}</Td>;
  return (
    <Td numeric title={fmt.percentages ? undefined : exactAmount(value, "USDT")}>
      {total(fmt, value, 2)}
    </Td>
  );
}

export function CommissionPerCoin({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  const title = "Commission per coin";
  // "Commission valued (≈ USDT)", the metrics' labels; on a percentages link each coin's own change, as the other amounts.
  const valuedUnit = `(${fmt.percentages ? fmt.totalUnit("") : "≈ USDT"})`;
  return (
    <ReportSection label={title} report="overview" table="coins" kind="table">
      <TableFrame label={title}>
        <Table caption="Commission and net fee per coin in the period, each beside its value in USDT at each day's close, and items">
          <THead>
            <Tr>
              <Th>Coin</Th>
              {/* The row's coin is its first cell: the native cells are bare, as the ≈ USDT ones, so the table fits half a page. */}
              <Th align="right" className="whitespace-normal!">
                Commission ({fmt.percentages ? fmt.totalUnit("") : "in the row's coin"})
              </Th>
              {/* Wraps at a phone's width, as the contract tables' headers do; the unit is in it, so cells are bare. */}
              <Th align="right" className="whitespace-normal!">
                {METRICS.commissionValued.label} {valuedUnit}
              </Th>
              <Th align="right" className="whitespace-normal!">
                Net fee ({fmt.percentages ? fmt.totalUnit("") : "in the row's coin"})
              </Th>
              <Th align="right" className="whitespace-normal!">
                {METRICS.netFeeValued.label} {valuedUnit}
              </Th>
              <Th align="right">Items</Th>
            </Tr>
          </THead>
          <TBody>
            {data.coins.length === 0 ? <NoRows columns={6} text="No commission in this period." /> : null}
            {data.coins.map((c) => (
              <Tr key={c.coin}>
                <Th scope="row">{c.coin}</Th>
                {/* Each coin is its own whole: on a percentages link its change against the previous period. */}
                <Td numeric title={fmt.percentages ? undefined : exactAmount(c.commission, c.coin)}>
                  {total(fmt, c.commission, coinDecimals(c.coin))}
                </Td>
                <ValuedCell value={c.commissionUsdt} />
                <Td numeric title={fmt.percentages ? undefined : exactAmount(c.fee, c.coin)}>
                  {total(fmt, c.fee, coinDecimals(c.coin))}
                </Td>
                <ValuedCell value={c.feeUsdt} />
                <Td numeric>{formatCount(c.items)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </ReportSection>
  );
}
