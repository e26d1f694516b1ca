/**
 * The contract orders placed through the app on a connection (every trader's
 * stored intents, newest first): what the Orders page lists, refreshes from the
 * exchange and cancels.
 */
import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { orderIntents } from "@/lib/db/schema";
import type { ResolvedConnection } from "@/lib/exchange/types";
import type { ContractIntentsAnswer, IntentRequest } from "./answers";
import { answerOf } from "./intents";

export async function listIntents(connection: ResolvedConnection, limit: number): Promise<ContractIntentsAnswer> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(orderIntents)
    .where(eq(orderIntents.connectionId, connection.id))
    .orderBy(desc(orderIntents.createdAt), desc(orderIntents.id))
    .limit(limit);
  // Stored requests passed the endpoints table's schema before they were stored.
  return { intents: rows.map((row) => ({ ...answerOf(row, true), request: row.request as IntentRequest })) };
}
