import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { focusRing } from "@/components/ui/focus";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { hasRole } from "@/lib/auth/roles";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatUtcMinute } from "@/lib/format/time";
import { recentDeliveries } from "@/lib/notify/delivery-log";
import { listOutbox } from "@/lib/notify/mail-outbox-view";
import { deliverySettings } from "@/lib/notify/settings";
import { DeliveryLog } from "./delivery-log";
import { SendTestMail } from "./send-test-mail";

export const metadata: Metadata = { title: "Outbox" };
export const dynamic = "force-dynamic";

const MODE_TEXT = {
  outbox: "Demo mode with no mail server (SMTP_URL): mail is not sent anywhere, it is kept here exactly as it would have been sent.",
  smtp: "Mail is sent over the configured mail server (SMTP_URL); only messages kept while the app ran in demo mode are listed here.",
  none: "No mail server is configured (SMTP_URL), so mail cannot be sent; set SMTP_URL and MAIL_FROM.",
} as const;

/** The in-app outbox: mail kept instead of sent (demo mode without SMTP_URL) — yours, or everyone's for admins. */
export default async function OutboxPage() {
  const user = await requireUser();
  const db = await getDb();
  const [messages, log] = await Promise.all([listOutbox(db, user), recentDeliveries(db, user)]);
  const mode = deliverySettings().mail.kind;
  const isAdmin = hasRole(user.role, "admin");
  return (
    <div className="space-y-6">
      <PageHeader title="Outbox" eyebrow="Workspace">
        <p>{MODE_TEXT[mode]}</p>
        <p>{isAdmin ? "As an admin you see every user's messages." : "You see the messages sent on your behalf."}</p>
      </PageHeader>
      {hasRole(user.role, "analyst") ? <SendTestMail email={user.email} /> : null}
      {messages.length === 0 ? (
        <EmptyState title="No messages yet" description="Digests, alerts and test mails appear here once they are sent." />
      ) : (
        <TableFrame label="Messages in the outbox">
          <Table caption={`${messages.length} most recent messages, newest first`}>
            <THead>
              <Tr>
                <Th>Sent (UTC)</Th>
                <Th>Subject</Th>
                <Th>To</Th>
                <Th align="right">Attachments</Th>
              </Tr>
            </THead>
            <TBody>
              {messages.map((m) => (
                <Tr key={m.id}>
                  <Td className="whitespace-nowrap">{formatUtcMinute(m.createdAt.getTime())}</Td>
                  <Td>
                    <Link href={`/outbox/${m.id}`} className={`font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300 ${focusRing}`}>
                      {m.subject}
                    </Link>
                  </Td>
                  <Td className="break-all">{m.to}</Td>
                  <Td align="right" numeric>
                    {m.attachmentCount}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableFrame>
      )}
      <DeliveryLog items={log} />
    </div>
  );
}
