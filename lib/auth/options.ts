import "server-only";
import type { AuthOptions, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { authLogger } from "./auth-logger";
import { authSecret, secureCookiesEnabled } from "./config";
import { dummyHash } from "./password";
import { clientIp } from "./client-ip";
import { signInLimiter, type SignInRateLimiter } from "./rate-limit";
import { isRole } from "./roles";
import { endSessions, verifyCredentials } from "./users";

/** Error codes the login form receives from next-auth (`signIn(...).error`). */
export const SIGN_IN_ERRORS = {
  /** Unknown e-mail or wrong password: deliberately one answer. */
  invalid: "CredentialsSignin",
  /** Too many failures for this account or this address. */
  rateLimited: "RateLimited",
  /** Anything unexpected (database down...): details stay in the server log, never in the redirect URL. */
  unavailable: "SignInUnavailable",
} as const;

/**
 * Session lifetime: a working day. The role and the session version are
 * re-read from the database on every request (lib/auth/session-token.ts).
 */
const SESSION_MAX_AGE_S = 12 * 60 * 60;

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

/**
 * Checks credentials for next-auth: rate limit first (per account and per IP),
 * then the password (unknown users cost the same bcrypt compare). Null for any
 * wrong e-mail/password; throws Error(SIGN_IN_ERRORS.rateLimited) when blocked.
 */
export async function authorizeCredentials(
  credentials: unknown,
  headers: Record<string, string | string[] | undefined>,
  deps: { db?: Db; limiter?: SignInRateLimiter } = {},
): Promise<User | null> {
  const parsed = credentialsSchema.safeParse(credentials ?? {});
  const ip = clientIp(headers);
  const attempt = await (deps.limiter ?? signInLimiter()).begin(parsed.success ? parsed.data.email : "", ip);
  if (!attempt) throw new Error(SIGN_IN_ERRORS.rateLimited);
  if (!parsed.success) return null;
  const user = await verifyCredentials(deps.db ?? (await getDb()), parsed.data.email, parsed.data.password);
  if (!user) {
    await attempt.failed();
    return null;
  }
  await attempt.succeeded();
  return { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion };
}

/** Sign-out's part: raise the user's session version, if the token signing out is still current. */
async function endSessionsOf(token: JWT | null): Promise<void> {
  if (!token?.id || typeof token.sv !== "number") return;
  try {
    await endSessions(await getDb(), token.id, token.sv);
  } catch (error) {
    // The cookie is cleared anyway; other copies of it live on until the database answers again.
    console.error("[auth] could not end the user's sessions at sign-out:", error);
  }
}

function buildAuthOptions(): AuthOptions {
  // Without NEXTAUTH_URL, next-auth would assume http://localhost:3000 for its
  // redirects; trust the request's host instead so any PORT works.
  if (!process.env.NEXTAUTH_URL?.trim()) process.env.AUTH_TRUST_HOST ??= "true";
  // Make the dummy hash now, so even the first unknown-user sign-in costs one compare only.
  dummyHash().catch(() => {});

  return {
    secret: authSecret(),
    useSecureCookies: secureCookiesEnabled(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/login", error: "/login" },
    logger: authLogger,
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "E-mail", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          try {
            return await authorizeCredentials(credentials, req.headers ?? {});
          } catch (error) {
            if (error instanceof Error && error.message === SIGN_IN_ERRORS.rateLimited) throw error;
            console.error("[auth] sign-in failed unexpectedly:", error);
            throw new Error(SIGN_IN_ERRORS.unavailable);
          }
        },
      }),
    ],
    events: {
      // Sign-out ends every session of the user, on every instance: copies of
      // the cookie (another browser, a stolen one) stop working too.
      async signOut({ token }) {
        await endSessionsOf(token);
      },
    },
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.id = user.id;
          token.role = user.role;
          token.sv = user.sessionVersion;
        }
        return token;
      },
      session({ session, token }) {
        if (token.id && isRole(token.role)) {
          session.user = { id: token.id, email: token.email ?? "", name: token.name ?? "", role: token.role };
        }
        return session;
      },
    },
  };
}

const GLOBAL_KEY = Symbol.for("rebate-desk.auth-options");
type GlobalWithOptions = typeof globalThis & { [GLOBAL_KEY]?: AuthOptions };

/**
 * next-auth options, built on first use (not at import, so `next build` needs no
 * secret). Throws MISSING_SECRET_MESSAGE outside demo mode without NEXTAUTH_SECRET.
 */
export function getAuthOptions(): AuthOptions {
  const holder = globalThis as GlobalWithOptions;
  holder[GLOBAL_KEY] ??= buildAuthOptions();
  return holder[GLOBAL_KEY];
}
