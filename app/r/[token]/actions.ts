"use server";

/**
 * Unlocking a password-protected link. A right password sets a cookie scoped
 * to this link's path (a MAC, never the password); a wrong one gets the same
 * not-found as a link that does not exist; too many guesses are refused for a while.
 */
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { secureCookiesEnabled } from "@/lib/auth/config";
import { verifyPassword } from "@/lib/auth/password";
import { clientIp } from "@/lib/auth/client-ip";
import { getDb } from "@/lib/db/client";
import { shareGuessLimiter } from "@/lib/share/guess-limit";
import { resolveShareToken } from "@/lib/share/store";
import { UNLOCK_MAX_AGE_S, unlockCookie, unlockLimiter } from "@/lib/share/unlock";

export interface UnlockState {
  error: string | null;
}

export async function unlockSharedLink(token: string, _prev: UnlockState, form: FormData): Promise<UnlockState> {
  const db = await getDb();
  // The token is a bound argument the client sends back: a guess like any other (lib/share/guess-limit.ts).
  const lookup = await shareGuessLimiter().lookup(clientIp(await headers()), () => resolveShareToken(db, token));
  if (lookup.throttled) return { error: "Too many requests. Try again in 15 minutes." };
  const open = lookup.found;
  if (!open?.link.passwordHash) notFound();
  const password = form.get("password");
  const attempt = await unlockLimiter().attempt(open.link.id, clientIp(await headers()));
  if (!attempt.allowed) return { error: "Too many attempts. Try again in 15 minutes." };
  if (typeof password !== "string" || !(await verifyPassword(password, open.link.passwordHash))) notFound();
  await attempt.undo();
  const cookie = unlockCookie(open.link);
  (await cookies()).set(cookie.name, cookie.value, {
    path: `/r/${token}`,
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookiesEnabled(),
    maxAge: UNLOCK_MAX_AGE_S,
  });
  redirect(`/r/${token}`);
}
