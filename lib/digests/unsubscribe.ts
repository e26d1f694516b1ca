/**
 * What a signed unsubscribe link does: it removes that one recipient from the
 * digest (the others keep receiving it); when nobody is left to send to — no
 * recipient, no webhook — the digest pauses, saying why. The page shows what
 * the link would do first (GET, which mail scanners prefetch, changes nothing)
 * and does it on a POST.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { digests } from "../db/schema";
import { findDigest } from "./store";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

export type UnsubscribeView =
  | { state: "ready"; label: string; email: string }
  | { state: "already"; label: string; email: string }
  | { state: "invalid" }
  | { state: "expired" };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function inspectUnsubscribe(db: Db, token: string, now: Date): Promise<UnsubscribeView> {
  const check = verifyUnsubscribeToken(token, now.getTime());
  if (!check.ok) return { state: check.reason === "expired" ? "expired" : "invalid" };
  const digest = await findDigest(db, check.claim.digestId);
  if (!digest) return { state: "already", label: "a deleted digest", email: check.claim.email };
  const subscribed = digest.mailTo.some((to) => sameAddress(to, check.claim.email));
  return { state: subscribed ? "ready" : "already", label: digest.label, email: check.claim.email };
}

export async function applyUnsubscribe(db: Db, token: string, now: Date): Promise<UnsubscribeView> {
  const view = await inspectUnsubscribe(db, token, now);
  if (view.state !== "ready") return view;
  const check = verifyUnsubscribeToken(token, now.getTime());
  if (!check.ok) return { state: "invalid" };
  const digest = await findDigest(db, check.claim.digestId);
  if (!digest) return { ...view, state: "already" };
  const mailTo = digest.mailTo.filter((to) => !sameAddress(to, check.claim.email));
  const nobodyLeft = mailTo.length === 0 && digest.webhookEndpointIds.length === 0;
  await db
    .update(digests)
    .set({
      mailTo,
      ...(nobodyLeft && digest.pausedAt === null ? { pausedAt: now, pausedReason: "Paused: its last recipient unsubscribed" } : {}),
      updatedBy: `unsubscribe:${check.claim.email}`,
      updatedAt: now,
    })
    .where(eq(digests.id, digest.id));
  return { state: "already", label: digest.label, email: check.claim.email };
}
