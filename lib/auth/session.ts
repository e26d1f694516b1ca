import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { hasRole, type Role } from "./roles";
import { readSessionToken, userOfSessionToken, type RequestCookie } from "./session-token";
import type { SessionUser } from "./session-user";

export type { SessionUser } from "./session-user";

/** The signed-in user's role is below what the action needs. */
export class ForbiddenError extends Error {
  constructor(
    readonly minimum: Role,
    readonly role: Role,
  ) {
    super(`requires the ${minimum} role`);
    this.name = "ForbiddenError";
  }
}

export type SessionUserResolver = () => Promise<SessionUser | null>;

let resolverOverride: SessionUserResolver | null = null;

/**
 * TEST HOOK: replaces how the signed-in user is found (route handlers through
 * apiRoute, server actions and pages through requireUser all use it). Returns a
 * function that restores the previous resolver. Refused when NODE_ENV is
 * "production".
 */
export function setSessionUserResolver(resolver: SessionUserResolver | null): () => void {
  if (process.env.NODE_ENV === "production") throw new Error("setSessionUserResolver is a test hook");
  const previous = resolverOverride;
  resolverOverride = resolver;
  return () => {
    resolverOverride = previous;
  };
}

/**
 * The signed-in user or null. The session cookie only names the user and the
 * session version it was issued under: the role (and existence, and whether
 * the session was ended) are re-read from the database, so a demoted, deleted
 * or signed-out user loses rights on their next request.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  if (resolverOverride) return resolverOverride();
  // Request data first: during `next build` this marks the page dynamic before
  // the secret is ever read.
  return userOfSessionCookies((await cookies()).getAll());
}

/** getSessionUser's work on a request's cookies (tests pass the cookies a real sign-in set). */
export async function userOfSessionCookies(requestCookies: readonly RequestCookie[]): Promise<SessionUser | null> {
  const token = await readSessionToken(requestCookies);
  if (!token) return null;
  const user = await userOfSessionToken(await getDb(), token);
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/**
 * For pages: the user and whether their role reaches `minimum`. Redirects to
 * /login when signed out. Pages render a "not allowed" notice when !allowed.
 */
export async function checkAccess(minimum: Role = "viewer"): Promise<{ user: SessionUser; allowed: boolean }> {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  return { user, allowed: hasRole(user.role, minimum) };
}

/**
 * For server actions and server components that must not go on: the signed-in
 * user with at least `minimum`. Redirects to /login when signed out; throws
 * ForbiddenError when the role is too small (actions turn it into an error result).
 */
export async function requireUser(minimum: Role = "viewer"): Promise<SessionUser> {
  const { user, allowed } = await checkAccess(minimum);
  if (!allowed) throw new ForbiddenError(minimum, user.role);
  return user;
}
