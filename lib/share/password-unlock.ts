/**
 * POST /r/<token>/unlock: a viewer's password for a protected link.
 *
 *   unknown, tampered, revoked, paused, expired, or no password → the one 404 (LINK_NOT_FOUND)
 *   too many requests for links that do not open, from this address → 429 with the true wait (guess-limit.ts)
 *   too many wrong passwords for this link (per address, or overall) → 429, with the true wait
 *   wrong password → 401 WRONG_PASSWORD: the form asks again
 *   right password → 204 and the link's unlock cookie (a MAC, never the password)
 *
 * A 401 can only ever come from a real, live, password-protected link: the
 * token is looked up first, so an unknown token never gets further than the
 * 404 every other refusal gets (and a 256-bit token is not guessable anyway).
 */
import "server-only";
import { z } from "zod";
import { ApiError } from "../api/errors";
import { assertJsonContentType, readJsonBody } from "../api/request-body";
import { secureCookiesEnabled } from "../auth/config";
import { clientIp } from "../auth/client-ip";
import { MAX_PASSWORD_BYTES, verifyPassword } from "../auth/password";
import { minutesWords } from "../format/time";
import type { Db } from "../db/client";
import { shareGuessLimiter, tooManyGuesses } from "./guess-limit";
import { LINK_NOT_FOUND, sharedJson } from "./serve";
import { resolveShareToken } from "./store";
import { UNLOCK_MAX_AGE_S, unlockCookie, unlockLimiter } from "./unlock";

const unlockBodySchema = z.object({
  password: z
    .string()
    .min(1, "enter the password")
    .refine((p) => Buffer.byteLength(p, "utf8") <= MAX_PASSWORD_BYTES, `a password is at most ${MAX_PASSWORD_BYTES} bytes`),
});

export const WRONG_PASSWORD = { code: "WRONG_PASSWORD", msg: "Wrong password. Check it and try again." } as const;

export function tooManyTries(retryAfterSeconds: number) {
  return {
    code: "TOO_MANY_ATTEMPTS",
    msg: `Too many wrong passwords for this link. Wait ${minutesWords(retryAfterSeconds)} and try again.`,
    retryAfterSeconds,
  };
}

async function passwordOf(request: Request): Promise<{ ok: true; password: string } | { ok: false; response: Response }> {
  try {
    assertJsonContentType(request);
    const parsed = unlockBodySchema.safeParse(await readJsonBody(request));
    if (parsed.success) return { ok: true, password: parsed.data.password };
    return { ok: false, response: sharedJson({ code: "BAD_REQUEST", msg: parsed.error.issues[0]?.message ?? "send { password }" }, 400) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, response: sharedJson({ code: error.code, msg: error.message }, error.status) };
    throw error;
  }
}

export async function unlockWithPassword(db: Db, request: Request, token: string): Promise<Response> {
  const ip = clientIp(request.headers);
  // The token is looked up as every shared request does it: a guess, counted per address.
  const lookup = await shareGuessLimiter().lookup(ip, () => resolveShareToken(db, token));
  if (lookup.throttled) return sharedJson(tooManyGuesses(lookup.retryAfterSeconds), 429, { "Retry-After": String(lookup.retryAfterSeconds) });
  const open = lookup.found;
  if (!open?.link.passwordHash) return sharedJson(LINK_NOT_FOUND, 404);
  const body = await passwordOf(request);
  if (!body.ok) return body.response;
  const attempt = await unlockLimiter().attempt(open.link.id, ip);
  if (!attempt.allowed) return sharedJson(tooManyTries(attempt.retryAfterSeconds), 429, { "Retry-After": String(attempt.retryAfterSeconds) });
  if (!(await verifyPassword(body.password, open.link.passwordHash))) return sharedJson(WRONG_PASSWORD, 401);
  await attempt.undo();
  const cookie = unlockCookie(open.link);
  const attributes = [`${cookie.name}=${cookie.value}`, `Path=/r/${token}`, "HttpOnly", "SameSite=Lax", `Max-Age=${UNLOCK_MAX_AGE_S}`];
  if (secureCookiesEnabled()) attributes.push("Secure");
  const response = new Response(null, { status: 204 });
  response.headers.set("Set-Cookie", attributes.join("; "));
  return response;
}
