/**
 * Records the exchange answering 429 or 418 to a connection's client, for the
 * sync-health rules. Never fails the call that saw it: a failed write is logged.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { desc, eq, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { exchangeRefusals } from "../db/schema";
import { now } from "../clock";

/** Kept a week: the longest window a rule may look back over. */
const KEEP_MS = 7 * 86_400_000;

export async function recordRefusal(connectionId: string, status: number): Promise<void> {
  try {
    const db = await getDb();
    const at = now();
    await db.insert(exchangeRefusals).values({ id: `rfl_${randomBytes(9).toString("base64url")}`, connectionId, status, at });
    if (Math.random() < 0.05) await db.delete(exchangeRefusals).where(lt(exchangeRefusals.at, new Date(at.getTime() - KEEP_MS)));
  } catch (error) {
    console.error(`[alerts] could not record a ${status} refusal: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The status (429 or 418) of the connection's latest refusal, or null when none is kept. */
export async function latestRefusalStatus(connectionId: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ status: exchangeRefusals.status })
    .from(exchangeRefusals)
    .where(eq(exchangeRefusals.connectionId, connectionId))
    .orderBy(desc(exchangeRefusals.at))
    .limit(1);
  return row?.status ?? null;
}
