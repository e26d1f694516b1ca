/**
 * Claiming due deliveries with a lease, the one place rows change hands.
 *
 * One UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING:
 * on PostgreSQL two instances claiming at once never take the same row (the
 * second skips what the first has locked, and re-checks the lease of a row the
 * first has just committed); on PGlite (one process) the same statement is simply
 * serial. A row is due when pending, its next attempt has come and no live lease
 * holds it — so a lease left by a killed instance frees the row once it expires.
 * The claim counts as an attempt: a message that kills its sender cannot loop for ever.
 * A batch is claimed at once but sent one row after the other, so each row's lease
 * is renewed right before its send (renewClaim): a row whose lease ran out while
 * the rows before it were sent, and that another instance has taken meanwhile, is
 * left to that instance instead of being sent twice.
 */
import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { deliveries, deliveryAttempts, type AttemptOutcome, type DeliveryRow } from "../db/schema";

export async function claimDue(
  db: Db,
  claim: { workerId: string; now: Date; leaseMs: number; limit: number; ids?: readonly string[] },
): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, "pending"),
        lte(deliveries.nextAttemptAt, claim.now),
        or(isNull(deliveries.leaseUntil), lt(deliveries.leaseUntil, claim.now)),
        claim.ids ? inArray(deliveries.id, [...claim.ids]) : undefined,
      ),
    )
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(claim.limit)
    .for("update", { skipLocked: true });
  return db
    .update(deliveries)
    .set({
      leaseOwner: claim.workerId,
      leaseUntil: new Date(claim.now.getTime() + claim.leaseMs),
      attempts: sql`${deliveries.attempts} + 1`,
    })
    .where(inArray(deliveries.id, due))
    .returning();
}

/**
 * Extends this worker's lease on a claimed row just before it is sent; false when
 * the row is no longer this worker's (its lease expired and another instance
 * claimed it, or it was settled). Safe against a concurrent claim: both lock the
 * row, and this UPDATE re-checks the owner after the claim commits.
 */
export async function renewClaim(db: Db, row: DeliveryRow, workerId: string, now: Date, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(deliveries)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(deliveries.id, row.id), eq(deliveries.leaseOwner, workerId), eq(deliveries.status, "pending")))
    .returning({ id: deliveries.id });
  return renewed.length > 0;
}

export interface AttemptRecord {
  outcome: AttemptOutcome;
  /** Already scrubbed. */
  error: string | null;
  durationMs: number;
  /** When to try again (outcome "retry"). */
  nextAttemptAt?: Date;
}

/**
 * Records the outcome and lets the lease go, in one transaction — only while this
 * worker still holds the lease (false: it expired and another instance took the row).
 */
export async function recordAttempt(db: Db, row: DeliveryRow, workerId: string, now: Date, record: AttemptRecord): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(deliveries)
      .set({
        status: record.outcome === "retry" ? "pending" : record.outcome,
        leaseOwner: null,
        leaseUntil: null,
        lastError: record.error,
        ...(record.outcome === "sent" ? { sentAt: now } : {}),
        ...(record.nextAttemptAt ? { nextAttemptAt: record.nextAttemptAt } : {}),
      })
      .where(and(eq(deliveries.id, row.id), eq(deliveries.leaseOwner, workerId), eq(deliveries.status, "pending")))
      .returning({ id: deliveries.id });
    await tx.insert(deliveryAttempts).values({
      id: `att_${crypto.randomUUID()}`,
      deliveryId: row.id,
      channel: row.channel,
      attempt: row.attempts,
      outcome: record.outcome,
      error: updated.length > 0 ? record.error : `${record.error ?? record.outcome} (lease had expired; another instance owns this delivery)`,
      durationMs: Math.round(record.durationMs),
      worker: workerId,
      at: now,
    });
    return updated.length > 0;
  });
}
