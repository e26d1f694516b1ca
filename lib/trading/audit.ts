/**
 * The trading audit log (`trade_audit`): every trading action with who, when,
 * the connection, the request and the answer; admins read it on the Orders page.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { tradeAudit } from "@/lib/db/schema";
import type { ResolvedConnection } from "@/lib/exchange/types";
import type { AuditEntry } from "./answers";

/** A value as JSON can store it: 64-bit ids (bigint) become their digit strings. */
export function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))) as unknown;
}

export async function audit(entry: { user: SessionUser; connection: ResolvedConnection; action: string; request: unknown; response: unknown }): Promise<void> {
  const db = await getDb();
  await db.insert(tradeAudit).values({
    id: randomUUID(),
    userId: entry.user.id,
    userEmail: entry.user.email,
    connectionId: entry.connection.id,
    action: entry.action,
    request: jsonSafe(entry.request ?? {}),
    response: entry.response === undefined ? null : jsonSafe(entry.response),
  });
}

/** The latest audit entries, newest first. */
export async function listAudit(options: { limit: number; connectionId?: string }): Promise<AuditEntry[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(tradeAudit)
    .where(options.connectionId ? eq(tradeAudit.connectionId, options.connectionId) : undefined)
    .orderBy(desc(tradeAudit.at), desc(tradeAudit.id))
    .limit(options.limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
