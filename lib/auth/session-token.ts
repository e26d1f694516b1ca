/**
 * The session cookie, read and checked on every request. Sessions are
 * next-auth JWTs; each carries the user's session version (`sv`) from when it
 * was issued, and is honoured only while the user's row still has that
 * version. Raising the version (users.ts: sign-out, a password change or
 * reset, a role change) therefore ends every session of that user at once on
 * every instance, with no session store: the row is read per request anyway,
 * for the role.
 */
import "server-only";
import { decode, type JWT } from "next-auth/jwt";
import type { Db } from "@/lib/db/client";
import { authSecret, secureCookiesEnabled } from "./config";
import { findSessionSubject, type PublicUser } from "./users";

export interface RequestCookie {
  name: string;
  value: string;
}

/** next-auth's cookie name (`__Secure-` with an https NEXTAUTH_URL, as useSecureCookies in options.ts). */
export function sessionCookieName(): string {
  return `${secureCookiesEnabled() ? "__Secure-" : ""}next-auth.session-token`;
}

/** The cookie's value; next-auth splits values over 4 KB into `<name>.0`, `<name>.1`, … */
function cookieValue(cookies: readonly RequestCookie[], name: string): string | undefined {
  const whole = cookies.find((cookie) => cookie.name === name);
  if (whole) return whole.value;
  const chunks = cookies
    .filter((cookie) => /^\d+$/.test(cookie.name.slice(name.length + 1)) && cookie.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  return chunks.length ? chunks.map((chunk) => chunk.value).join("") : undefined;
}

/** The request's session token, verified and decrypted; null when absent, forged or expired. */
export async function readSessionToken(cookies: readonly RequestCookie[]): Promise<JWT | null> {
  const token = cookieValue(cookies, sessionCookieName());
  if (!token) return null;
  try {
    return await decode({ token, secret: authSecret() });
  } catch {
    return null; // tampered, or sealed with another secret: no session
  }
}

/** The token's user as the database says now, or null when the user is gone or the token's version is not current. */
export async function userOfSessionToken(db: Db, token: JWT | null): Promise<PublicUser | null> {
  if (!token?.id || typeof token.sv !== "number") return null;
  const subject = await findSessionSubject(db, token.id);
  if (!subject || subject.sessionVersion !== token.sv) return null;
  const { sessionVersion: _current, ...user } = subject;
  return user;
}
