"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizeAction, failure, parseForm, type ActionResult } from "@/lib/auth/actions";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { ROLES } from "@/lib/auth/roles";
import { createUser, deleteUser, setUserPassword, updateUserRole } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";

// Admin-only user management. Every action checks the caller's role itself
// (authorizeAction reads the current role from the database) and validates
// its input; nothing relies on the page having been admin-only.

const PAGE = "/settings/users";
const id = z.string().trim().min(1).max(100);
const password = z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(72);

const createSchema = z.object({
  email: z.email("enter a valid e-mail address").max(320),
  name: z.string().trim().max(100).optional(),
  role: z.enum(ROLES),
  password,
});

export async function createUserAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const access = await authorizeAction("admin");
  if (!access.ok) return access.result;
  const input = parseForm(createSchema, formData);
  if (!input.ok) return input.result;
  try {
    const user = await createUser(await getDb(), input.data);
    revalidatePath(PAGE);
    return { ok: true, message: `Created ${user?.email ?? input.data.email} (${input.data.role}).` };
  } catch (error) {
    return failure(error);
  }
}

const roleSchema = z.object({ id, role: z.enum(ROLES) });

export async function changeRoleAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const access = await authorizeAction("admin");
  if (!access.ok) return access.result;
  const input = parseForm(roleSchema, formData);
  if (!input.ok) return input.result;
  try {
    const user = await updateUserRole(await getDb(), input.data.id, input.data.role);
    revalidatePath(PAGE);
    return { ok: true, message: `${user.email} is now ${user.role}.` };
  } catch (error) {
    return failure(error);
  }
}

const resetSchema = z.object({ id, password });

export async function resetPasswordAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const access = await authorizeAction("admin");
  if (!access.ok) return access.result;
  const input = parseForm(resetSchema, formData);
  if (!input.ok) return input.result;
  try {
    await setUserPassword(await getDb(), input.data.id, input.data.password);
    return { ok: true, message: "Password reset; the user was signed out everywhere." };
  } catch (error) {
    return failure(error);
  }
}

const deleteSchema = z.object({ id });

export async function deleteUserAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const access = await authorizeAction("admin");
  if (!access.ok) return access.result;
  const input = parseForm(deleteSchema, formData);
  if (!input.ok) return input.result;
  if (input.data.id === access.user.id) return { ok: false, error: "You can't delete your own account." };
  try {
    await deleteUser(await getDb(), input.data.id);
    revalidatePath(PAGE);
    return { ok: true, message: "User deleted." };
  } catch (error) {
    return failure(error);
  }
}
