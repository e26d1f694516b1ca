// First start as `npm start` does it: getDb() on an empty DATA_DIR opens PGlite
// on disk and migrates; start-up seeds the demo user; the demo NEXTAUTH_SECRET is generated
// once (0600); outside demo mode a missing secret is a clear error.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authSecret, MISSING_SECRET_MESSAGE } from "@/lib/auth/config";
import { DEMO_USER } from "@/lib/auth/demo";
import { verifyCredentials } from "@/lib/auth/users";
import { isDemoMode } from "@/lib/config/mode";
import { closeDb, getDb } from "@/lib/db/client";
import { seedAppDatabase } from "@/lib/db/seed";

process.env.BCRYPT_COST = "4";
const saved = { ...process.env };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rd-data-"));
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  delete process.env.WEEX_SPOT_BASE_URL;
  delete process.env.ADMIN_EMAIL;
  delete process.env.ADMIN_PASSWORD;
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterAll(async () => {
  await closeDb();
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe("first start in demo mode", () => {
  it("getDb opens one shared PGlite under DATA_DIR, migrated, with no users until start-up seeds them; data survives a reopen", async () => {
    expect(isDemoMode()).toBe(true);
    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    expect(statSync(path.join(dir, "pglite")).isDirectory()).toBe(true);
    // Opening the database is not seeding it: that is the start-up's job (lib/startup.ts).
    expect(await a.query.users.findMany()).toEqual([]);
    expect(await seedAppDatabase()).toEqual({ created: [DEMO_USER.email] });
    expect(await verifyCredentials(a, DEMO_USER.email, DEMO_USER.password)).toMatchObject({ role: "admin" });
    await closeDb();
    const reopened = await getDb();
    expect(reopened).not.toBe(a);
    expect(await verifyCredentials(reopened, DEMO_USER.email, DEMO_USER.password)).not.toBeNull();
  });

  it("generates the NEXTAUTH secret once into DATA_DIR (0600)", () => {
    const env = { DATA_DIR: dir } as unknown as NodeJS.ProcessEnv;
    const secret = authSecret(env);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(authSecret(env)).toBe(secret);
    expect(statSync(path.join(dir, "nextauth-secret")).mode & 0o777).toBe(0o600);
    expect(authSecret({ ...env, NEXTAUTH_SECRET: "configured" })).toBe("configured");
  });

  it("outside demo mode a missing NEXTAUTH_SECRET is a clear error", () => {
    const env = { DATA_DIR: dir, WEEX_SPOT_BASE_URL: "https://api.example" } as unknown as NodeJS.ProcessEnv;
    expect(() => authSecret(env)).toThrow(MISSING_SECRET_MESSAGE);
    expect(MISSING_SECRET_MESSAGE).toMatch(/^NEXTAUTH_SECRET is required when WEEX_SPOT_BASE_URL is set/);
    expect(authSecret({ ...env, NEXTAUTH_SECRET: "s3cret" })).toBe("s3cret");
  });
});
