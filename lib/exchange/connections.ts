/**
 * The exchange connections of this installation:
 *   - "sandbox": the embedded sandbox exchange, in demo mode (no WEEX_SPOT_BASE_URL);
 *   - "env": the exchange configured by WEEX_* variables (read-only in the app);
 *   - any number an admin adds, stored with their secrets encrypted at rest.
 */
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { isDemoMode } from "../config/mode";
import { decryptSecret, encryptSecret, maskKey } from "../crypto/secrets";
import { masterKey } from "../crypto/master-key";
import { getDb } from "../db/client";
import { connections } from "../db/schema";
import type { Credentials } from "../weex/client";
import { forgetClient } from "./client-pool";
import { embeddedSandbox } from "./embedded-sandbox";
import type { ConnectionInfo, ResolvedConnection } from "./types";
import { urlShapeRefusal } from "./url-policy";

export const SANDBOX_CONNECTION_ID = "sandbox";
export const ENV_CONNECTION_ID = "env";

function fingerprint(spot: string, contract: string, c: Credentials): string {
  return createHash("sha256").update(JSON.stringify([spot, contract, c.apiKey, c.secret, c.passphrase])).digest("hex").slice(0, 16);
}

function resolved(info: Omit<ConnectionInfo, "keyHint">, credentials: Credentials): ResolvedConnection {
  return {
    ...info,
    keyHint: maskKey(credentials.apiKey),
    credentials,
    fingerprint: fingerprint(info.spotBaseUrl, info.contractBaseUrl, credentials),
  };
}

async function sandboxConnection(): Promise<ResolvedConnection> {
  const sandbox = await embeddedSandbox();
  const { apiKey, secret, passphrase } = sandbox.options;
  return resolved(
    { id: SANDBOX_CONNECTION_ID, name: "Sandbox exchange (embedded)", source: "sandbox", readOnly: true, spotBaseUrl: sandbox.url, contractBaseUrl: sandbox.url },
    { apiKey, secret, passphrase },
  );
}

export class ConnectionConfigError extends Error {}

function envConnection(): ResolvedConnection | undefined {
  const spot = process.env.WEEX_SPOT_BASE_URL;
  if (!spot) return undefined;
  const { WEEX_API_KEY: apiKey, WEEX_API_SECRET: secret, WEEX_API_PASSPHRASE: passphrase } = process.env;
  if (!apiKey || !secret || !passphrase) {
    throw new ConnectionConfigError("WEEX_SPOT_BASE_URL is set: WEEX_API_KEY, WEEX_API_SECRET and WEEX_API_PASSPHRASE are required too");
  }
  return resolved(
    { id: ENV_CONNECTION_ID, name: "Exchange (from environment)", source: "env", readOnly: true, spotBaseUrl: spot, contractBaseUrl: process.env.WEEX_CONTRACT_BASE_URL || spot },
    { apiKey, secret, passphrase },
  );
}

type Row = typeof connections.$inferSelect;

function info(row: Row): ConnectionInfo {
  return { id: row.id, name: row.name, source: "db", readOnly: false, keyHint: row.keyHint, spotBaseUrl: row.spotBaseUrl, contractBaseUrl: row.contractBaseUrl };
}

function decrypt(row: Row): ResolvedConnection {
  const key = masterKey();
  const credentials = {
    apiKey: decryptSecret(key, row.apiKeyEnc, `${row.id}:apiKey`),
    secret: decryptSecret(key, row.secretEnc, `${row.id}:secret`),
    passphrase: decryptSecret(key, row.passphraseEnc, `${row.id}:passphrase`),
  };
  return { ...info(row), credentials, fingerprint: fingerprint(row.spotBaseUrl, row.contractBaseUrl, credentials) };
}

function publicInfo({ credentials: _c, fingerprint: _f, ...rest }: ResolvedConnection): ConnectionInfo {
  return rest;
}

export async function listConnections(): Promise<ConnectionInfo[]> {
  const builtIn = isDemoMode() ? [await sandboxConnection()] : [envConnection()].filter((c): c is ResolvedConnection => c !== undefined);
  const db = await getDb();
  const rows = await db.select().from(connections).orderBy(connections.name);
  return [...builtIn.map(publicInfo), ...rows.map(info)];
}

/**
 * Stored connections, decrypted, kept for a few seconds: every proxied call
 * resolves its connection, and a database read plus three decryptions each
 * time would cost more than the call itself. Writes through this module clear it.
 */
const RESOLVED_TTL_MS = 10_000;
const resolvedCache = new Map<string, { at: number; connection: ResolvedConnection | undefined }>();

export async function resolveConnection(id: string): Promise<ResolvedConnection | undefined> {
  if (id === SANDBOX_CONNECTION_ID) return isDemoMode() ? sandboxConnection() : undefined;
  if (id === ENV_CONNECTION_ID) return envConnection();
  const hit = resolvedCache.get(id);
  if (hit && Date.now() - hit.at < RESOLVED_TTL_MS) return hit.connection;
  const db = await getDb();
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).limit(1);
  const connection = row ? decrypt(row) : undefined;
  resolvedCache.set(id, { at: Date.now(), connection });
  return connection;
}

/** The connection a request works on: the chosen one if it still exists, else the first. */
export async function selectedConnection(chosenId: string | undefined): Promise<ResolvedConnection | undefined> {
  if (chosenId) {
    const chosen = await resolveConnection(chosenId);
    if (chosen) return chosen;
  }
  // The built-in connection comes first in the list: no need to read the database for it.
  const builtIn = isDemoMode() ? await sandboxConnection() : envConnection();
  if (builtIn) return builtIn;
  const [first] = await listConnections();
  return first ? resolveConnection(first.id) : undefined;
}

// The shape only (https://, http:// to loopback in demo mode); the addresses are checked by the
// route (baseUrlRefusal) and again on every call (guarded-fetch.ts).
const baseUrl = z
  .string()
  .trim()
  .url("must be a URL like https://api.example.com")
  .superRefine((u, ctx) => {
    const refusal = urlShapeRefusal(u, isDemoMode());
    if (refusal) ctx.addIssue({ code: "custom", message: refusal });
  })
  .transform((u) => u.replace(/\/+$/, ""));

export const newConnectionSchema = z.object({
  name: z.string().trim().min(1, "name is required").max(60),
  spotBaseUrl: baseUrl,
  contractBaseUrl: baseUrl,
  apiKey: z.string().trim().min(1, "API key is required").max(256),
  secret: z.string().min(1, "secret is required").max(256),
  passphrase: z.string().min(1, "passphrase is required").max(256),
});
export type NewConnection = z.infer<typeof newConnectionSchema>;

export async function createConnection(input: NewConnection, createdBy: string | null): Promise<ConnectionInfo> {
  const id = randomUUID();
  const key = masterKey();
  const db = await getDb();
  const [row] = await db
    .insert(connections)
    .values({
      id,
      name: input.name,
      spotBaseUrl: input.spotBaseUrl,
      contractBaseUrl: input.contractBaseUrl,
      // The record's id and the field name are the associated data: a blob moved elsewhere does not decrypt.
      apiKeyEnc: encryptSecret(key, input.apiKey, `${id}:apiKey`),
      secretEnc: encryptSecret(key, input.secret, `${id}:secret`),
      passphraseEnc: encryptSecret(key, input.passphrase, `${id}:passphrase`),
      keyHint: maskKey(input.apiKey),
      createdBy,
    })
    .returning();
  if (!row) throw new Error("connection was not stored");
  resolvedCache.delete(id);
  return info(row);
}

export async function deleteConnection(id: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db.delete(connections).where(eq(connections.id, id)).returning({ id: connections.id });
  resolvedCache.delete(id);
  forgetClient(id);
  return deleted.length > 0;
}
