"use client";

/**
 * The Overview's top lists in the view's coin — top invitees (each linking to
 * its page, keeping the filters) and top symbols — and commission per coin,
 * each coin its own row: amounts in different coins are never added.
 */
import { EntityLink } from "@/components/reports/entity-link";
import { money, total, useAmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { coinDecimals, formatCount } from "@/lib/format/amount";
import type { OverviewAnswer } from "@/lib/reports/contracts/overview";

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

export function TopInvitees({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  const title = `Top invitees (${data.coin})`;
  return (
    <ReportSection label={title} report="overview" table="top-invitees" kind="table">
      <TableFrame label={title}>
        <Table caption={`The invitees who earned the most commission in ${data.coin} in the period`}>
          <THead>
            <Tr>
              <Th>Invitee uid</Th>
              <Th align="right">Commission ({fmt.unit(data.coin)})</Th>
              <Th align="right">Volume ({fmt.unit("USDT")})</Th>
            </Tr>
          </THead>
          <TBody>
            {data.topInvitees.length === 0 ? <NoRows columns={3} text={`No commission in ${data.coin} in this period.`} /> : null}
            {data.topInvitees.map((r) => (
              <Tr key={r.uid}>
                <Td className="font-mono">
                  <EntityLink kind="invitee" id={r.uid} />
                </Td>
                <Td numeric>{money(fmt, r.commission, coinDecimals(r.coin))}</Td>
                <Td numeric>{money(fmt, r.volume, 0)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </ReportSection>
  );
}

export function TopSymbols({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  const title = `Top symbols (${data.coin})`;
  return (
    <ReportSection label={title} report="overview" table="top-symbols" kind="table">
      <TableFrame label={title}>
        <Table caption={`The symbols that earned the most commission in ${data.coin} in the period`}>
          <THead>
            <Tr>
              <Th>Symbol</Th>
              <Th align="right">Commission ({fmt.unit(data.coin)})</Th>
              <Th align="right">Volume ({fmt.unit("USDT")})</Th>
            </Tr>
          </THead>
          <TBody>
            {data.topSymbols.length === 0 ? <NoRows columns={3} text={`No commission in ${data.coin} in this period.`} /> : null}
            {data.topSymbols.map((r) => (
              <Tr key={r.symbol}>
                <Td className="font-mono">{r.symbol}</Td>
                <Td numeric>{money(fmt, r.commission, coinDecimals(r.coin))}</Td>
                <Td numeric>{money(fmt, r.volume, 0)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </ReportSection>
  );
}

export function CommissionPerCoin({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  const title = "Commission per coin";
  return (
    <ReportSection label={title} report="overview" table="coins" kind="table">
      <TableFrame label={title}>
        <Table caption="Commission, net fee and items per coin in the period, each coin on its own (amounts in different coins are not added)">
          <THead>
            <Tr>
              <Th>Coin</Th>
              <Th align="right">Commission{fmt.percentages ? ` (${fmt.totalUnit("")})` : ""}</Th>
              <Th align="right">Net fee{fmt.percentages ? ` (${fmt.totalUnit("")})` : ""}</Th>
              <Th align="right">Items</Th>
            </Tr>
          </THead>
          <TBody>
            {data.coins.length === 0 ? <NoRows columns={4} text="No commission in this period." /> : null}
            {data.coins.map((c) => (
              <Tr key={c.coin}>
                <Th scope="row">{c.coin}</Th>
                {/* Each coin is its own whole: on a percentages link its change against the previous period. */}
                <Td numeric>{total(fmt, c.commission, coinDecimals(c.coin), c.coin)}</Td>
                <Td numeric>{total(fmt, c.fee, coinDecimals(c.coin), c.coin)}</Td>
                <Td numeric>{formatCount(c.items)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </ReportSection>
  );
}
