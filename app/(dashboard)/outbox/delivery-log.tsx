import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatUtcMinute } from "@/lib/format/time";
import type { DeliveryLogItem } from "@/lib/notify/delivery-log";

function stateText(item: DeliveryLogItem): string {
  if (item.status === "sent") return `Sent ${item.sentAt ? formatUtcMinute(item.sentAt.getTime()) : ""}`.trim();
  if (item.status === "failed") return `Failed after ${item.attempts} ${item.attempts === 1 ? "try" : "tries"}`;
  return item.attempts === 0 ? "Waiting to be sent" : `Waiting to retry at ${formatUtcMinute(item.nextAttemptAt.getTime())}`;
}

/** Every recent delivery, mail and webhook: whether it went, how many tries it took, and why it did not. */
export function DeliveryLog({ items }: { items: DeliveryLogItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">
        Delivery log
      </h2>
      <TableFrame label="Delivery log">
        <Table caption="Recent deliveries of every channel, newest first (times in UTC)">
          <THead>
            <Tr>
              <Th>Queued (UTC)</Th>
              <Th>What</Th>
              <Th>State</Th>
              <Th align="right">Tries</Th>
              <Th>Last error</Th>
            </Tr>
          </THead>
          <TBody>
            {items.map((item) => (
              <Tr key={item.id}>
                <Td className="whitespace-nowrap">{formatUtcMinute(item.createdAt.getTime())}</Td>
                <Td>
                  {item.origin} by {item.channel === "mail" ? "mail" : "webhook"}
                </Td>
                <Td>{stateText(item)}</Td>
                <Td align="right" numeric>
                  {item.attempts}
                </Td>
                <Td className="break-words">{item.lastError ?? "—"}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </div>
  );
}
