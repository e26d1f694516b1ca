"use server";

import { z } from "zod";
import { authorizeAction, failure, parseForm, type ActionResult } from "@/lib/auth/actions";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { changeOwnPassword } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";

const schema = z
  .object({
    currentPassword: z.string().min(1, "enter your current password").max(1024),
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(72),
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "the new passwords differ",
  });

/** Any signed-in user changes their own password; the current one is required. */
export async function changeOwnPasswordAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const access = await authorizeAction("viewer");
  if (!access.ok) return access.result;
  const input = parseForm(schema, formData);
  if (!input.ok) return input.result;
  try {
    await changeOwnPassword(await getDb(), access.user.id, input.data.currentPassword, input.data.newPassword);
    // The change ended every session of this user, this one too (lib/auth/session-token.ts).
    return { ok: true, message: "Password changed. Sign in again with the new password." };
  } catch (error) {
    return failure(error);
  }
}
