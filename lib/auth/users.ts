import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users, type UserRow } from "@/lib/db/schema";
import { dummyHash, hashPassword, passwordProblem, verifyPassword } from "./password";
import { isRole, type Role } from "./roles";

/** A user as the app shows it: never the password hash. */
export interface PublicUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
}

/** A user with the session version their session tokens must carry (lib/auth/session-version.ts). */
export type SessionSubject = PublicUser & { sessionVersion: number };

export type UserErrorCode = "EMAIL_TAKEN" | "INVALID_EMAIL" | "NOT_FOUND" | "LAST_ADMIN" | "WEAK_PASSWORD" | "WRONG_PASSWORD";

/** A refusal the caller can show (the message is safe for the signed-in admin or user). */
export class UserError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "UserError";
  }
}

export interface PasswordOptions {
  /** bcrypt cost (tests pass a small one); default from lib/auth/password. */
  bcryptCost?: number;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** E-mails are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toPublic(row: UserRow): PublicUser {
  // The check constraint keeps roles valid; a hand-edited row still fails closed.
  const role: Role = isRole(row.role) ? row.role : "viewer";
  return { id: row.id, email: row.email, name: row.name, role, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new UserError("WEAK_PASSWORD", `Password ${problem}.`);
}

/** Raising the version ends every session the user has (their tokens carry the old one). */
const nextSessionVersion = sql`${users.sessionVersion} + 1`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function findUserById(db: Db, id: string): Promise<PublicUser | null> {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  return row ? toPublic(row) : null;
}

/** The user and their current session version: the one read per request that checks a session. */
export async function findSessionSubject(db: Db, id: string): Promise<SessionSubject | null> {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  return row ? { ...toPublic(row), sessionVersion: row.sessionVersion } : null;
}

/**
 * Ends every session of the user (sign-out). Only a session that is still
 * current may: a stale copy of a cookie must not sign its owner out again.
 * False when `fromVersion` was no longer current.
 */
export async function endSessions(db: Db, id: string, fromVersion: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ sessionVersion: nextSessionVersion })
    .where(and(eq(users.id, id), eq(users.sessionVersion, fromVersion)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function listUsers(db: Db): Promise<PublicUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.email));
  return rows.map(toPublic);
}

export interface NewUser {
  email: string;
  name?: string;
  password: string;
  role: Role;
}

/**
 * Creates a user. Throws UserError EMAIL_TAKEN / INVALID_EMAIL / WEAK_PASSWORD.
 * With `ignoreExisting`, an existing e-mail returns null instead (seeding).
 */
export async function createUser(
  db: Db,
  input: NewUser,
  options: PasswordOptions & { skipPasswordRules?: boolean; ignoreExisting?: boolean } = {},
): Promise<PublicUser | null> {
  const email = normalizeEmail(input.email);
  if (!EMAIL_PATTERN.test(email)) throw new UserError("INVALID_EMAIL", "Enter a valid e-mail address.");
  if (!isRole(input.role)) throw new UserError("NOT_FOUND", "Unknown role.");
  if (!options.skipPasswordRules) checkPassword(input.password);
  const passwordHash = await hashPassword(input.password, options.bcryptCost);
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email,
      name: input.name?.trim() || email.split("@")[0] || email,
      passwordHash,
      role: input.role,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) {
    if (options.ignoreExisting) return null;
    throw new UserError("EMAIL_TAKEN", "A user with this e-mail already exists.");
  }
  return toPublic(row);
}

/**
 * Runs `change` in a transaction after locking the admin rows, then refuses to
 * commit when no admin would remain. Locking makes two concurrent demotions of
 * the last two admins wait for each other instead of both succeeding.
 */
async function withAdminGuard<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where ${users.role} = 'admin' for update`);
    const result = await change(tx);
    const [remaining] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, "admin"));
    if (!remaining || remaining.n < 1) throw new UserError("LAST_ADMIN", "The last admin can't be removed or demoted.");
    return result;
  });
}

/** A real change of role ends the user's sessions: they sign in again under the new role. */
export async function updateUserRole(db: Db, id: string, role: Role): Promise<PublicUser> {
  if (!isRole(role)) throw new UserError("NOT_FOUND", "Unknown role.");
  return withAdminGuard(db, async (tx) => {
    const sessionVersion = sql`case when ${users.role} = ${role} then ${users.sessionVersion} else ${nextSessionVersion} end`;
    const [row] = await tx.update(users).set({ role, sessionVersion, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    if (!row) throw new UserError("NOT_FOUND", "No such user.");
    return toPublic(row);
  });
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await withAdminGuard(db, async (tx) => {
    const [row] = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (!row) throw new UserError("NOT_FOUND", "No such user.");
  });
}

/** An admin resets someone's password (no current password needed); it ends all of that user's sessions. */
export async function setUserPassword(db: Db, id: string, password: string, options: PasswordOptions = {}): Promise<void> {
  checkPassword(password);
  const passwordHash = await hashPassword(password, options.bcryptCost);
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: nextSessionVersion, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (!row) throw new UserError("NOT_FOUND", "No such user.");
}

/** A user changes their own password: the current one is required; it ends all of their sessions, this one included. */
export async function changeOwnPassword(
  db: Db,
  id: string,
  currentPassword: string,
  newPassword: string,
  options: PasswordOptions = {},
): Promise<void> {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw new UserError("NOT_FOUND", "No such user.");
  if (!(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new UserError("WRONG_PASSWORD", "The current password is not correct.");
  }
  checkPassword(newPassword);
  const passwordHash = await hashPassword(newPassword, options.bcryptCost);
  // Only if the hash is still the one we checked (no concurrent change in between).
  const [updated] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: nextSessionVersion, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.passwordHash, row.passwordHash)))
    .returning({ id: users.id });
  if (!updated) throw new UserError("WRONG_PASSWORD", "The password changed meanwhile; try again.");
}

/**
 * Checks an e-mail and password. Unknown e-mails are compared against a dummy
 * hash of the same cost, so both failures take about the same time and look the
 * same (null).
 */
export async function verifyCredentials(
  db: Db,
  email: string,
  password: string,
  options: PasswordOptions = {},
): Promise<SessionSubject | null> {
  const row = await findUserByEmail(db, email);
  if (!row) {
    await verifyPassword(password, await dummyHash(options.bcryptCost));
    return null;
  }
  return (await verifyPassword(password, row.passwordHash)) ? { ...toPublic(row), sessionVersion: row.sessionVersion } : null;
}
