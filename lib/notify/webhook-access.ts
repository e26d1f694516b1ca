/**
 * Who may touch a webhook endpoint: its owner (analyst and above) or an admin.
 * Anything else reads as not found, so ids cannot be probed.
 */
import "server-only";
import { ApiError } from "../api/errors";
import { hasRole } from "../auth/roles";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import type { WebhookEndpointRow } from "../db/schema";
import { findWebhookEndpoint } from "./webhook-endpoints";

export async function manageableEndpoint(db: Db, user: SessionUser, id: unknown): Promise<WebhookEndpointRow> {
  const endpoint = typeof id === "string" && /^wh_[A-Za-z0-9_-]{1,40}$/.test(id) ? await findWebhookEndpoint(db, id) : undefined;
  if (!endpoint || (endpoint.ownerUserId !== user.id && !hasRole(user.role, "admin"))) throw new ApiError(404, "NOT_FOUND", "no such webhook endpoint");
  return endpoint;
}
