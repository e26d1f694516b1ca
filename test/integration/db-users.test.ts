// The users service, migrations and seeding on both drivers: PGlite in memory
// and PostgreSQL. PostgreSQL is required (CI has one): TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test. Each run creates its own
// database there (dropped afterwards), so runs and test files never collide.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import bcrypt from "bcryptjs";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "@/lib/db/schema";
import { DEMO_USER } from "@/lib/auth/demo";
import { PEER_ADDRESS_HEADER, PEER_HEADER_ENV } from "@/lib/auth/client-ip";
import { authorizeCredentials } from "@/lib/auth/options";
import { bcryptCostOf } from "@/lib/auth/password";
import { MemoryRateLimitStore, SignInRateLimiter } from "@/lib/auth/rate-limit";
import {
  changeOwnPassword,
  createUser,
  deleteUser,
  findUserByEmail,
  listUsers,
  setUserPassword,
  updateUserRole,
  UserError,
  verifyCredentials,
} from "@/lib/auth/users";
import { createDb, queryRows, type DbHandle } from "@/lib/db/client";
import { connections, users } from "@/lib/db/schema";
import { seedDatabase } from "@/lib/db/seed";
import { temporaryPostgres } from "../support/postgres";

process.env.BCRYPT_COST = "4";
const COST = 4;
type Driver = "pglite" | "postgres";

describe.each<Driver>(["pglite", "postgres"])("users on %s", (driver) => {
  let handle: DbHandle;
  let dropPostgres: (() => Promise<void>) | undefined;
  let url: string | undefined;

  beforeAll(async () => {
    if (driver === "postgres") {
      const pg = await temporaryPostgres();
      url = pg.url;
      dropPostgres = pg.drop;
    }
    handle = await createDb(url ? { url } : { dataDir: "memory" });
    expect(handle.driver).toBe(driver);
  });

  afterAll(async () => {
    await handle?.close();
    await dropPostgres?.();
  });

  it("migrations create the tables, and applying them again is a no-op", async () => {
    const { db } = handle;
    const tables = await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    // Exactly the tables the schema declares: every one has its migration, and nothing else exists.
    const declared = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    expect(declared).toContain("users");
    expect(tables.map((row) => row.table_name)).toEqual(declared);
    if (url) {
      const again = await createDb({ url });
      await again.close();
    }
  });

  it("the schema refuses bad roles and non-normalised e-mails", async () => {
    const base = { passwordHash: "x", name: "n", createdAt: new Date(), updatedAt: new Date() };
    await expect(
      handle.db.insert(users).values({ ...base, id: "bad-role", email: "r@x.io", role: "root" as "admin" }),
    ).rejects.toThrow();
    await expect(handle.db.insert(users).values({ ...base, id: "bad-mail", email: "Upper@X.io", role: "viewer" })).rejects.toThrow();
  });

  it("creates users with lower-cased unique e-mails and hashed passwords", async () => {
    const { db } = handle;
    const user = await createUser(db, { email: "  Alice@Example.COM ", name: "Alice", password: "alice-password", role: "admin" });
    expect(user).toMatchObject({ email: "alice@example.com", name: "Alice", role: "admin" });
    expect(user).not.toHaveProperty("passwordHash");
    const row = await findUserByEmail(db, "ALICE@example.com");
    expect(row?.passwordHash).toMatch(/^\$2[aby]\$04\$/);
    await expect(createUser(db, { email: "alice@EXAMPLE.com", password: "another-password", role: "viewer" })).rejects.toMatchObject({
      code: "EMAIL_TAKEN",
    });
    await expect(createUser(db, { email: "not-an-email", password: "long-enough-pw", role: "viewer" })).rejects.toMatchObject({
      code: "INVALID_EMAIL",
    });
    await expect(createUser(db, { email: "bob@example.com", password: "short", role: "viewer" })).rejects.toMatchObject({
      code: "WEAK_PASSWORD",
    });
    const bob = await createUser(db, { email: "bob@example.com", password: "bob-password", role: "viewer" });
    expect(bob?.name).toBe("bob");
    expect((await listUsers(db)).map((u) => u.email)).toEqual(["alice@example.com", "bob@example.com"]);
  });

  it("verifies credentials; unknown users cost one bcrypt compare against a same-cost dummy", async () => {
    const { db } = handle;
    expect(await verifyCredentials(db, "ALICE@example.com", "alice-password")).toMatchObject({ role: "admin" });
    expect(await verifyCredentials(db, "alice@example.com", "wrong-password")).toBeNull();
    const compare = vi.spyOn(bcrypt, "compare");
    try {
      expect(await verifyCredentials(db, "nobody@example.com", "whatever-pass")).toBeNull();
      expect(compare).toHaveBeenCalledTimes(1);
      expect(bcryptCostOf(String(compare.mock.calls[0]?.[1]))).toBe(COST);
    } finally {
      compare.mockRestore();
    }
  });

  it("changes roles, but never removes or demotes the last admin", async () => {
    const { db } = handle;
    const alice = (await findUserByEmail(db, "alice@example.com"))!;
    const bob = (await findUserByEmail(db, "bob@example.com"))!;
    await expect(updateUserRole(db, alice.id, "viewer")).rejects.toMatchObject({ code: "LAST_ADMIN" });
    await expect(deleteUser(db, alice.id)).rejects.toBeInstanceOf(UserError);
    expect((await findUserByEmail(db, "alice@example.com"))?.role).toBe("admin");

    expect(await updateUserRole(db, bob.id, "admin")).toMatchObject({ role: "admin" });
    // Two admins demoting each other at once: exactly one may succeed.
    const results = await Promise.allSettled([updateUserRole(db, alice.id, "trader"), updateUserRole(db, bob.id, "trader")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = (await listUsers(db)).filter((u) => u.role === "admin");
    expect(admins).toHaveLength(1);
    await updateUserRole(db, alice.id, "admin");
    await updateUserRole(db, bob.id, "analyst");
    await expect(updateUserRole(db, "no-such-id", "viewer")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("sets and changes passwords (the current one required for one's own)", async () => {
    const { db } = handle;
    const bob = (await findUserByEmail(db, "bob@example.com"))!;
    await setUserPassword(db, bob.id, "reset-by-admin");
    expect(await verifyCredentials(db, "bob@example.com", "reset-by-admin")).not.toBeNull();
    await expect(changeOwnPassword(db, bob.id, "wrong-current", "brand-new-pass")).rejects.toMatchObject({ code: "WRONG_PASSWORD" });
    await expect(changeOwnPassword(db, bob.id, "reset-by-admin", "short")).rejects.toMatchObject({ code: "WEAK_PASSWORD" });
    await changeOwnPassword(db, bob.id, "reset-by-admin", "brand-new-pass");
    expect(await verifyCredentials(db, "bob@example.com", "reset-by-admin")).toBeNull();
    expect(await verifyCredentials(db, "bob@example.com", "brand-new-pass")).not.toBeNull();
  });

  it("deleting a user keeps their connections (created_by set to null)", async () => {
    const { db } = handle;
    const carol = (await createUser(db, { email: "carol@example.com", password: "carol-password", role: "admin" }))!;
    const now = new Date();
    await db.insert(connections).values({
      id: "c1",
      name: `conn-${driver}`,
      spotBaseUrl: "http://127.0.0.1:1",
      contractBaseUrl: "http://127.0.0.1:1",
      apiKeyEnc: "a",
      secretEnc: "s",
      passphraseEnc: "p",
      keyHint: "rd-s…key",
      createdBy: carol.id,
      createdAt: now,
      updatedAt: now,
    });
    await deleteUser(db, carol.id);
    const [row] = await db.select().from(connections).where(eq(connections.id, "c1"));
    expect(row?.createdBy).toBeNull();
  });

  it("seeds the admin and the demo user once, idempotently", async () => {
    const { db } = handle;
    const first = await seedDatabase(db, { demo: true, admin: { email: "Root@Example.com", password: "root-password" }, bcryptCost: COST });
    expect(first.created.sort()).toEqual([DEMO_USER.email, "root@example.com"]);
    const second = await seedDatabase(db, { demo: true, admin: { email: "root@example.com", password: "changed-password" }, bcryptCost: COST });
    expect(second.created).toEqual([]);
    expect(await verifyCredentials(db, "root@example.com", "root-password")).toMatchObject({ role: "admin" });
    expect(await verifyCredentials(db, DEMO_USER.email, DEMO_USER.password)).toMatchObject({ role: "admin" });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const weak = await seedDatabase(db, { demo: false, admin: { email: "weak@example.com", password: "short" }, bcryptCost: COST });
    expect(weak.created).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("ADMIN_PASSWORD must be at least 10 characters"));
    errors.mockRestore();
  });

  it("next-auth's authorize: one answer for unknown user and wrong password, then rate limited", async () => {
    const { db } = handle;
    const limiter = new SignInRateLimiter(new MemoryRateLimitStore(), { perAccountAndIp: 3, perIp: 100, perAccount: 100, windowMs: 60_000 });
    const headers = { "x-forwarded-for": "203.0.113.9" };
    const ok = await authorizeCredentials({ email: DEMO_USER.email, password: DEMO_USER.password }, headers, { db, limiter });
    expect(ok).toMatchObject({ email: DEMO_USER.email, role: "admin" });
    expect(await authorizeCredentials({ email: "nobody@x.io", password: "p" }, headers, { db, limiter })).toBeNull();
    for (let i = 0; i < 3; i++) {
      expect(await authorizeCredentials({ email: "alice@example.com", password: "nope" }, headers, { db, limiter })).toBeNull();
    }
    await expect(
      authorizeCredentials({ email: "alice@example.com", password: "alice-password" }, headers, { db, limiter }),
    ).rejects.toThrow("RateLimited");
  });

  it("next-auth's authorize counts the socket's address (serve.mjs's header), never the client's X-Forwarded-For", async () => {
    const { db } = handle;
    const saved = process.env[PEER_HEADER_ENV];
    process.env[PEER_HEADER_ENV] = "1";
    try {
      const limiter = new SignInRateLimiter(new MemoryRateLimitStore());
      const from = (peer: string, i: number) => ({ [PEER_ADDRESS_HEADER]: peer, "x-forwarded-for": `2.2.2.${i}` });
      const outcomes: string[] = [];
      for (let i = 0; i < 22; i++) {
        const attempt = authorizeCredentials({ email: `guess${i}@example.com`, password: "nope" }, from("198.51.100.20", i), { db, limiter });
        outcomes.push(await attempt.then(() => "CredentialsSignin", (error: Error) => error.message));
      }
      expect(outcomes.slice(0, 20)).toEqual(Array(20).fill("CredentialsSignin"));
      expect(outcomes.slice(20), "the address's 21st and 22nd failures are refused").toEqual(["RateLimited", "RateLimited"]);
      // Five wrong passwords for alice from elsewhere: alice at her own address still signs in.
      for (let i = 0; i < 5; i++) await authorizeCredentials({ email: "alice@example.com", password: "nope" }, from("198.51.100.21", i), { db, limiter });
      await expect(authorizeCredentials({ email: "alice@example.com", password: "nope" }, from("198.51.100.21", 9), { db, limiter })).rejects.toThrow("RateLimited");
      const owner = await authorizeCredentials({ email: "alice@example.com", password: "alice-password" }, from("198.51.100.22", 0), { db, limiter });
      expect(owner).toMatchObject({ email: "alice@example.com" });
    } finally {
      if (saved === undefined) delete process.env[PEER_HEADER_ENV];
      else process.env[PEER_HEADER_ENV] = saved;
    }
  });
});
