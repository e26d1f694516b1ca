import "server-only";
import { z } from "zod";
import { checkAccess, type SessionUser } from "./session";
import type { Role } from "./roles";
import { UserError } from "./users";

/** What a settings server action answers (shown next to its form). */
export type ActionResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * The first line of every server action: the signed-in user with at least
 * `minimum`, or a refusal to return as is. Signed out: redirects to /login.
 */
export async function authorizeAction(
  minimum: Role,
): Promise<{ ok: true; user: SessionUser } | { ok: false; result: ActionResult }> {
  const { user, allowed } = await checkAccess(minimum);
  if (!allowed) return { ok: false, result: { ok: false, error: `You need the ${minimum} role for this.` } };
  return { ok: true, user };
}

/** Validates FormData fields with a zod object schema; the first problem as a sentence when invalid. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  formData: FormData,
): { ok: true; data: z.output<S> } | { ok: false; result: ActionResult } {
  const raw: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of formData.entries()) if (!key.startsWith("$ACTION")) raw[key] = value;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join(".");
  return { ok: false, result: { ok: false, error: issue ? `${field ? `${field}: ` : ""}${issue.message}` : "Invalid input." } };
}

/** Turns a refusal from the users service into a result; anything else is logged and answered generically. */
export function failure(error: unknown): ActionResult {
  if (error instanceof UserError) return { ok: false, error: error.message };
  console.error("[settings] action failed:", error);
  return { ok: false, error: "Something went wrong. Try again." };
}
