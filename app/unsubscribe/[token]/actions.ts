"use server";

/** The unsubscribe button: the POST that removes the link's recipient (a GET, which mail scanners prefetch, never does). */
import { redirect } from "next/navigation";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { applyUnsubscribe } from "@/lib/digests/unsubscribe";

export async function unsubscribeAction(token: string): Promise<void> {
  if (typeof token !== "string" || token.length > 600) redirect("/unsubscribe/invalid");
  await applyUnsubscribe(await getDb(), token, now());
  redirect(`/unsubscribe/${encodeURIComponent(token)}?done=1`);
}
