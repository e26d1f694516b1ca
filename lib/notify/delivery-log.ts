/**
 * What the Outbox page's delivery log shows: recent deliveries of every channel
 * with their state in words — admins see all, everyone else their own. Error
 * text is the scrubbed `last_error` (no secrets, no URL paths).
 */
import "server-only";
import { desc, eq } from "drizzle-orm";
import { hasRole } from "../auth/roles";
import type { Db } from "../db/client";
import { deliveries } from "../db/schema";
import type { Reader } from "./mail-outbox-view";

export interface DeliveryLogItem {
  id: string;
  channel: "mail" | "webhook";
  origin: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

const ORIGIN_WORDS: Record<string, string> = { digest: "Digest", alert: "Alert", test: "Test" };

export async function recentDeliveries(db: Db, reader: Reader, limit = 50): Promise<DeliveryLogItem[]> {
  const rows = await db
    .select({
      id: deliveries.id,
      channel: deliveries.channel,
      originKind: deliveries.originKind,
      status: deliveries.status,
      attempts: deliveries.attempts,
      lastError: deliveries.lastError,
      createdAt: deliveries.createdAt,
      sentAt: deliveries.sentAt,
      nextAttemptAt: deliveries.nextAttemptAt,
    })
    .from(deliveries)
    .where(hasRole(reader.role, "admin") ? undefined : eq(deliveries.ownerUserId, reader.id))
    .orderBy(desc(deliveries.createdAt))
    .limit(limit);
  return rows.map(({ originKind, ...row }) => ({ ...row, origin: ORIGIN_WORDS[originKind] ?? originKind }));
}
