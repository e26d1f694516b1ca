/**
 * The page a digest mail's unsubscribe link opens, without signing in: it
 * says which digest and address the link is for and asks for a click (a POST)
 * before doing anything, so a mail scanner fetching the link changes nothing.
 */
import type { Metadata } from "next";
import { Button } from "@/components/ui/button";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { inspectUnsubscribe } from "@/lib/digests/unsubscribe";
import { unsubscribeAction } from "./actions";

export const metadata: Metadata = { title: "Unsubscribe", referrer: "no-referrer", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-4 px-6 py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-400">Rebate Desk</p>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {children}
    </main>
  );
}

export default async function UnsubscribePage({ params, searchParams }: PageProps) {
  const { token } = await params;
  const done = (await searchParams).done === "1";
  const view = await inspectUnsubscribe(await getDb(), token, now());
  if (view.state === "invalid") {
    return (
      <Frame title="This link does not work">
        <p className="text-slate-700 dark:text-slate-300">The unsubscribe link is incomplete or was altered. Use the link from the latest digest mail, or ask the person who set up the digest to remove you.</p>
      </Frame>
    );
  }
  if (view.state === "expired") {
    return (
      <Frame title="This link has expired">
        <p className="text-slate-700 dark:text-slate-300">Unsubscribe links work for 90 days. Use the link from the latest digest mail.</p>
      </Frame>
    );
  }
  if (view.state === "already") {
    return (
      <Frame title={done ? "You are unsubscribed" : "Already unsubscribed"}>
        <p role="status" className="text-slate-700 dark:text-slate-300">
          <strong>{view.email}</strong> no longer receives the digest “{view.label}”.
        </p>
      </Frame>
    );
  }
  return (
    <Frame title="Stop receiving this digest?">
      <p className="text-slate-700 dark:text-slate-300">
        <strong>{view.email}</strong> will no longer receive the digest “{view.label}”. Other recipients keep receiving it.
      </p>
      <form action={unsubscribeAction.bind(null, token)}>
        <Button type="submit">Unsubscribe</Button>
      </form>
    </Frame>
  );
}
