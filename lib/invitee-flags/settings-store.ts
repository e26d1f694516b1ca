/** Each connection's flag thresholds: read with the defaults filled in, replaced whole by an analyst. */
import "server-only";
import { eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { inviteeFlagSettings } from "../db/schema";
import { DEFAULT_FLAG_SETTINGS, flagSettingsSchema, type FlagSettings } from "./settings";

import type { FlagSettingsAnswer } from "./types";
export type { FlagSettingsAnswer };

export async function flagSettingsAnswer(db: Db, connectionId: string): Promise<FlagSettingsAnswer> {
  const [row] = await db.select().from(inviteeFlagSettings).where(eq(inviteeFlagSettings.connectionId, connectionId));
  if (!row) return { settings: DEFAULT_FLAG_SETTINGS, updatedAt: null, updatedBy: null };
  // Stored settings were valid when written; a key added since takes its default, one that no longer parses its default too.
  const parsed = flagSettingsSchema.safeParse(row.settings);
  return { settings: parsed.success ? parsed.data : DEFAULT_FLAG_SETTINGS, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedByEmail };
}

export async function flagSettingsOf(db: Db, connectionId: string): Promise<FlagSettings> {
  return (await flagSettingsAnswer(db, connectionId)).settings;
}

export async function putFlagSettings(db: Db, connectionId: string, settings: FlagSettings, actor: Pick<SessionUser, "email">): Promise<FlagSettingsAnswer> {
  const at = new Date();
  await db
    .insert(inviteeFlagSettings)
    .values({ connectionId, settings, updatedAt: at, updatedByEmail: actor.email })
    .onConflictDoUpdate({ target: inviteeFlagSettings.connectionId, set: { settings, updatedAt: at, updatedByEmail: actor.email } });
  return { settings, updatedAt: at.toISOString(), updatedBy: actor.email };
}
