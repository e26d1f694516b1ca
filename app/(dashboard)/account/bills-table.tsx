/** The table of account bills (spot and funding alike) and the CSV of the rows shown. */
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { downloadCsv, toCsv } from "@/lib/export/csv";
import { EMPTY_VALUE, formatDecimal, toDecimal } from "@/lib/format/decimal";
import { formatUtcTime } from "@/lib/format/time";
import type { ResponseOf } from "@/lib/weex/endpoints";

export type Bill = ResponseOf<"accountBills">[number];

function signed(value: string): string {
  return formatDecimal(value, { sign: true });
}

function signClass(value: string): string {
  const d = toDecimal(value);
  if (!d || d.isZero()) return "";
  return d.isNegative() ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300";
}

const BILL_CSV_HEADER = ["billId", "time (UTC)", "cTime", "coinId", "coinName", "bizType", "deltaAmount", "fees", "afterAmount", "fillSize", "fillValue"];

function billCsvRow(b: Bill): string[] {
  return [b.billId, formatUtcTime(b.cTime), b.cTime, String(b.coinId), b.coinName, b.bizType, b.deltaAmount, b.fees, b.afterAmount, b.fillSize ?? "", b.fillValue ?? ""];
}

export function BillsTable({ label, bills, showFills }: { label: string; bills: readonly Bill[]; showFills: boolean }) {
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
            {showFills ? <Th align="right">Fill size · value</Th> : null}
          </tr>
        </THead>
        <TBody>
          {bills.map((b) => (
            <Tr key={b.billId}>
              {/* Day over time, and the fills' size over value: the table fits a 1440 px window uncut. */}
              <Td className="text-xs tabular-nums">
                <span className="block">{formatUtcTime(b.cTime).slice(0, 10)}</span>
                <span className="block text-slate-500 dark:text-slate-400">{formatUtcTime(b.cTime).slice(11)}</span>
              </Td>
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
              {showFills ? (
                <Td numeric className="text-xs">
                  <span className="block">{b.fillSize ? formatDecimal(b.fillSize) : EMPTY_VALUE}</span>
                  <span className="block text-slate-500 dark:text-slate-400">{b.fillValue ? formatDecimal(b.fillValue) : EMPTY_VALUE}</span>
                </Td>
              ) : null}
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}

/** Downloads the bills shown as `<name>-<today>.csv`: exact decimal text, as the exchange sent it. */
export function downloadBillsCsv(name: string, bills: readonly Bill[]): void {
  downloadCsv(`${name}-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(BILL_CSV_HEADER, bills.map(billCsvRow)));
}
