/** The price basis of a connection (docs/prices.md): stored in connection_settings, "utc" unless set. */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { connectionSettings, PRICE_BASES, type PriceBasis } from "../db/schema-prices";

export const DEFAULT_PRICE_BASIS: PriceBasis = "utc";

/** The body of `PUT /api/connections/[id]/price-basis`. */
export const priceBasisBodySchema = z.strictObject({ priceBasis: z.enum(PRICE_BASES) });

export async function priceBasisOf(db: Db, connectionId: string): Promise<PriceBasis> {
  const [row] = await db.select({ basis: connectionSettings.priceBasis }).from(connectionSettings).where(eq(connectionSettings.connectionId, connectionId)).limit(1);
  return row?.basis ?? DEFAULT_PRICE_BASIS;
}

export async function setPriceBasis(db: Db, connectionId: string, priceBasis: PriceBasis): Promise<void> {
  await db
    .insert(connectionSettings)
    .values({ connectionId, priceBasis })
    .onConflictDoUpdate({ target: connectionSettings.connectionId, set: { priceBasis, updatedAt: sql`now()` } });
}
