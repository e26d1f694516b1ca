/**
 * Webhook endpoints in the database: created with a fresh secret (shown once),
 * listed (never with the secret or the full URL), rotated, deleted. URL and
 * secret are encrypted at rest like connection secrets, bound to the endpoint's id.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { masterKey } from "../crypto/master-key";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import type { Db } from "../db/client";
import { webhookEndpoints, type WebhookEndpointRow } from "../db/schema";
import type { WebhookEndpointSummary } from "./webhook-summary";
import { urlHint } from "./webhook-url";

export type { WebhookEndpointSummary } from "./webhook-summary";


export function summarize(row: WebhookEndpointRow): WebhookEndpointSummary {
  return {
    id: row.id,
    label: row.label,
    urlHint: row.urlHint,
    ownerUserId: row.ownerUserId,
    ownerEmail: row.ownerEmail,
    createdAt: row.createdAt.toISOString(),
    secretRotatedAt: row.secretRotatedAt.toISOString(),
  };
}

const newSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

export async function createWebhookEndpoint(
  db: Db,
  input: { label: string; url: string; owner: { id: string; email: string } },
  now: Date,
): Promise<{ endpoint: WebhookEndpointSummary; secret: string }> {
  const id = `wh_${randomBytes(12).toString("base64url")}`;
  const secret = newSecret();
  const key = masterKey();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      ownerUserId: input.owner.id,
      ownerEmail: input.owner.email,
      label: input.label,
      urlEnc: encryptSecret(key, input.url, `${id}:url`),
      urlHint: urlHint(input.url),
      secretEnc: encryptSecret(key, secret, `${id}:secret`),
      createdAt: now,
      secretRotatedAt: now,
    })
    .returning();
  if (!row) throw new Error("webhook endpoint insert returned nothing");
  return { endpoint: summarize(row), secret };
}

/** Every endpoint (admins), or one user's own. */
export async function listWebhookEndpoints(db: Db, ownerUserId?: string): Promise<WebhookEndpointSummary[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(ownerUserId === undefined ? undefined : eq(webhookEndpoints.ownerUserId, ownerUserId))
    .orderBy(desc(webhookEndpoints.createdAt))
    .limit(500);
  return rows.map(summarize);
}

export async function findWebhookEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row;
}

/** The endpoint's URL and secret in clear, for the sender only. */
export function endpointCredentials(row: WebhookEndpointRow): { url: string; secret: string } {
  const key = masterKey();
  return { url: decryptSecret(key, row.urlEnc, `${row.id}:url`), secret: decryptSecret(key, row.secretEnc, `${row.id}:secret`) };
}

/** A new secret (the old one stops signing at once); answered once. */
export async function rotateWebhookSecret(db: Db, id: string, now: Date): Promise<string> {
  const secret = newSecret();
  await db
    .update(webhookEndpoints)
    .set({ secretEnc: encryptSecret(masterKey(), secret, `${id}:secret`), secretRotatedAt: now })
    .where(eq(webhookEndpoints.id, id));
  return secret;
}

export async function deleteWebhookEndpoint(db: Db, id: string, ownerUserId?: string): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownerUserId === undefined ? undefined : eq(webhookEndpoints.ownerUserId, ownerUserId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}
