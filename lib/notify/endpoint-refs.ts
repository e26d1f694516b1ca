/**
 * Webhook endpoint ids as digests and alert rules store them. On create and
 * edit every id must name an endpoint its creator may use — their own; an
 * admin: any — else a 400 naming it (one answer whether the id is unknown or
 * someone else's, so ids cannot be probed). Lists resolve ids to labels and
 * say which endpoints are gone.
 */
import "server-only";
import { inArray } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { hasRole, type Role } from "../auth/roles";
import type { Db } from "../db/client";
import { webhookEndpoints } from "../db/schema";
import type { WebhookEndpointRef } from "./webhook-summary";

type Endpoint = { id: string; label: string; ownerUserId: string };

async function endpointsByIds(db: Db, ids: readonly string[]): Promise<Map<string, Endpoint>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: webhookEndpoints.id, label: webhookEndpoints.label, ownerUserId: webhookEndpoints.ownerUserId })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Refuses (400 UNKNOWN_WEBHOOK_ENDPOINT) the first id that is not an endpoint `user` may use; `field` names the input. */
export async function checkUsableEndpoints(db: Db, user: { id: string; role: Role }, ids: readonly string[], field: string): Promise<void> {
  const found = await endpointsByIds(db, ids);
  const admin = hasRole(user.role, "admin");
  for (const id of ids) {
    const endpoint = found.get(id);
    if (!endpoint || (!admin && endpoint.ownerUserId !== user.id)) {
      throw new ApiError(400, "UNKNOWN_WEBHOOK_ENDPOINT", `${field}: "${id}" is not a webhook endpoint of yours (Settings → Webhooks lists them)`, { field, endpointId: id });
    }
  }
}

/** One lookup for many lists (a page of digests or rules): id → label of the endpoints that still exist. */
export async function endpointLabels(db: Db, ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const found = await endpointsByIds(db, ids);
  return new Map([...found].map(([id, e]) => [id, e.label]));
}

export const refsOf = (ids: readonly string[], labels: ReadonlyMap<string, string>): WebhookEndpointRef[] => ids.map((id) => ({ id, label: labels.get(id) ?? null }));
