import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { focusRing } from "@/components/ui/focus";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatUtcMinute } from "@/lib/format/time";
import { readOutboxMessage, sandboxedHtml } from "@/lib/notify/mail-outbox-view";

export const metadata: Metadata = { title: "Outbox message" };
export const dynamic = "force-dynamic";

const linkClass = `font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300 ${focusRing}`;

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
}

/**
 * One outbox message as it would be sent, read back from its stored bytes: the headers, the HTML
 * part in a sandboxed frame (no scripts, no network: see sandboxedHtml), the plain-text part, and
 * the attachments to download.
 */
export default async function OutboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const { id } = await params;
  const message = /^mail_[A-Za-z0-9_-]{1,40}$/.test(id) ? await readOutboxMessage(await getDb(), user, id) : undefined;
  if (!message) notFound();
  const subject = message.headers.find((h) => h.name.toLowerCase() === "subject")?.value ?? "(no subject)";
  return (
    <div className="space-y-6">
      <PageHeader title={subject} eyebrow="Outbox">
        <p>
          Kept {formatUtcMinute(message.createdAt.getTime())} UTC. <Link href="/outbox" className={linkClass}>Back to the outbox</Link>
        </p>
      </PageHeader>
      <section aria-labelledby="headers-title" className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="headers-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Headers
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {message.headers.map((h) => (
            <div key={h.name} className="contents">
              <dt className="font-medium text-slate-600 dark:text-slate-400">{h.name}</dt>
              <dd className="break-all text-slate-900 dark:text-slate-100">{h.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {message.html !== null ? (
        <section aria-labelledby="html-title" className="space-y-2">
          <h2 id="html-title" className="text-base font-semibold text-slate-900 dark:text-white">
            As it is shown (HTML)
          </h2>
          <iframe
            title={`HTML of the message "${subject}"`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={sandboxedHtml(message.html)}
            className="h-80 w-full rounded-xl border border-slate-200 bg-white dark:border-slate-700"
          />
        </section>
      ) : null}
      <section aria-labelledby="text-title" className="space-y-2">
        <h2 id="text-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Plain text
        </h2>
        <pre className="whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100">{message.text || "(no plain-text part)"}</pre>
      </section>
      <section aria-labelledby="attachments-title" className="space-y-2">
        <h2 id="attachments-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Attachments
        </h2>
        {message.attachments.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">None.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {message.attachments.map((a) => (
              <li key={a.index}>
                <a href={`/api/outbox/${message.id}/attachments/${a.index}`} download={a.filename} className={linkClass}>
                  {a.filename}
                </a>{" "}
                <span className="text-slate-600 dark:text-slate-400">
                  ({a.contentType}, {size(a.size)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
