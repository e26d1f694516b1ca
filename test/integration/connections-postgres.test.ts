/**
 * Stored exchange connections on PostgreSQL (DATABASE_URL), as the app runs
 * them when one machine is not enough: created with encrypted secrets, listed
 * masked, resolved (decrypted) for calls, removed.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetMasterKeyCache } from "@/lib/crypto/master-key";
import { closeDb, getDb } from "@/lib/db/client";
import { connections } from "@/lib/db/schema";
import { createConnection, deleteConnection, listConnections, resolveConnection } from "@/lib/exchange/connections";
import { temporaryPostgres } from "../support/postgres";

const saved = { ...process.env };
let drop: () => Promise<void>;

beforeAll(async () => {
  const pg = await temporaryPostgres();
  drop = pg.drop;
  await closeDb();
  process.env.DATABASE_URL = pg.url;
  process.env.BCRYPT_COST = "4";
  // Outside demo mode: a real exchange from the environment, and a master key that must be given.
  process.env.WEEX_SPOT_BASE_URL = "https://spot.example.invalid";
  process.env.WEEX_API_KEY = "env-key-123456";
  process.env.WEEX_API_SECRET = "env-secret";
  process.env.WEEX_API_PASSPHRASE = "env-pass";
  process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  process.env.ADMIN_EMAIL = "admin@example.com";
  process.env.ADMIN_PASSWORD = "admin-password-1";
  resetMasterKeyCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterAll(async () => {
  await closeDb();
  process.env = saved;
  resetMasterKeyCache();
  vi.restoreAllMocks();
  await drop();
});

describe("connections on PostgreSQL", () => {
  it("stores secrets encrypted, lists them masked after the env connection, resolves and removes them", async () => {
    const created = await createConnection(
      { name: "Partner desk", spotBaseUrl: "https://a.example.invalid", contractBaseUrl: "https://b.example.invalid", apiKey: "partner-key-987654", secret: "partner-secret", passphrase: "partner-pass" },
      null,
    );
    const list = await listConnections();
    expect(list.map((c) => [c.id, c.source, c.readOnly])).toEqual([
      ["env", "env", true],
      [created.id, "db", false],
    ]);
    expect(list[1]?.keyHint).toBe("part…7654");
    const stored = JSON.stringify(await (await getDb()).select().from(connections));
    for (const secret of ["partner-key-987654", "partner-secret", "partner-pass"]) expect(stored).not.toContain(secret);
    const resolved = await resolveConnection(created.id);
    expect(resolved?.credentials).toEqual({ apiKey: "partner-key-987654", secret: "partner-secret", passphrase: "partner-pass" });
    expect((await resolveConnection("env"))?.credentials.apiKey).toBe("env-key-123456");
    expect(await resolveConnection("sandbox")).toBeUndefined(); // no embedded sandbox outside demo mode
    expect(await deleteConnection(created.id)).toBe(true);
    expect(await resolveConnection(created.id)).toBeUndefined();
  });
});
