/**
 * next-auth's own sign-in and sign-out, run through its API-route handler with
 * the app's options (CSRF check, credentials callback, JWT cookie, sign-out
 * event): what /api/auth/* runs, minus Next's request plumbing, which needs a
 * live Next server. A "browser" is a cookie jar; `asBrowser` makes the app's
 * session lookups (getSessionUser) read that jar's cookies.
 */
import NextAuth from "next-auth/next";
import type { NextApiRequest, NextApiResponse } from "next";
import { getAuthOptions } from "../../lib/auth/options";
import { setSessionUserResolver, userOfSessionCookies } from "../../lib/auth/session";

export type CookieJar = Record<string, string>;

/** The part of NextApiResponse next-auth's handler uses, recording what it sends. */
function recordingResponse() {
  const headers = new Map<string, string | string[]>();
  const sent: { body?: unknown } = {};
  const res = {
    status: () => res,
    setHeader: (name: string, value: string | string[]) => headers.set(name.toLowerCase(), value),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    json: (body: unknown) => void (sent.body = body),
    send: (body: unknown) => void (sent.body = body),
    end: () => undefined,
  };
  return { res, headers, sent };
}

async function call(jar: CookieJar, method: "GET" | "POST", route: string[], body?: Record<string, string>): Promise<unknown> {
  const req = { method, query: { nextauth: route }, body, cookies: { ...jar }, headers: { host: "localhost:3000" } };
  const { res, headers, sent } = recordingResponse();
  await NextAuth(req as unknown as NextApiRequest, res as unknown as NextApiResponse, getAuthOptions());
  const setCookies = headers.get("set-cookie") ?? [];
  for (const line of Array.isArray(setCookies) ? setCookies : [setCookies]) {
    const [pair = ""] = line.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
    if (value === "" || /;\s*max-age=0/i.test(line)) delete jar[name];
    else jar[name] = value;
  }
  return sent.body;
}

async function csrf(jar: CookieJar): Promise<string> {
  const body = (await call(jar, "GET", ["csrf"])) as { csrfToken: string };
  return body.csrfToken;
}

/** A new browser signed in as `email`: its cookie jar (throws when no session cookie was set). */
export async function signIn(email: string, password: string): Promise<CookieJar> {
  const jar: CookieJar = {};
  await call(jar, "POST", ["callback", "credentials"], { csrfToken: await csrf(jar), email, password, json: "true" });
  if (!Object.keys(jar).some((name) => name.endsWith("next-auth.session-token"))) throw new Error(`sign-in of ${email} set no session cookie`);
  return jar;
}

/** Signs this browser out, as the Sign out button does. */
export async function signOut(jar: CookieJar): Promise<void> {
  await call(jar, "POST", ["signout"], { csrfToken: await csrf(jar), json: "true" });
  if (Object.keys(jar).some((name) => name.endsWith("next-auth.session-token"))) throw new Error("sign-out left the session cookie");
}

/** Until the returned restore(), the app's session lookups read these cookies (requests from this browser). */
export function asBrowser(jar: CookieJar): () => void {
  const cookies = Object.entries({ ...jar }).map(([name, value]) => ({ name, value }));
  return setSessionUserResolver(() => userOfSessionCookies(cookies));
}
