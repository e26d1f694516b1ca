// Settings server actions check the caller themselves (not only their page):
// signed out → redirect to /login; role too small → an error result, no change.
import { afterEach, describe, expect, it } from "vitest";
import { setSessionUserResolver } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import { changeRoleAction, createUserAction, deleteUserAction, resetPasswordAction } from "@/app/(dashboard)/settings/users/actions";
import { changeOwnPasswordAction } from "@/app/(dashboard)/settings/password/actions";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function as(role: Role | null) {
  restore = setSessionUserResolver(async () => (role ? { id: "u1", email: "u@x.io", name: "u", role } : null));
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const adminActions = [
  ["createUserAction", createUserAction, { email: "n@x.io", role: "admin", password: "long-enough-pw" }],
  ["changeRoleAction", changeRoleAction, { id: "u2", role: "admin" }],
  ["resetPasswordAction", resetPasswordAction, { id: "u2", password: "long-enough-pw" }],
  ["deleteUserAction", deleteUserAction, { id: "u2" }],
] as const;

describe("settings actions", () => {
  it.each(adminActions)("%s refuses every role below admin", async (_name, action, fields) => {
    for (const role of ["viewer", "analyst", "trader"] as const) {
      as(role);
      expect(await action(null, form(fields))).toEqual({ ok: false, error: "You need the admin role for this." });
      restore?.();
    }
  });

  it.each(adminActions)("%s redirects signed-out callers to /login", async (_name, action, fields) => {
    as(null);
    await expect(action(null, form(fields))).rejects.toMatchObject({ digest: expect.stringContaining("/login") });
  });

  it("validates input after authorising", async () => {
    as("admin");
    expect(await createUserAction(null, form({ email: "bad", role: "admin", password: "long-enough-pw" }))).toMatchObject({ ok: false });
    expect(await changeRoleAction(null, form({ id: "u2", role: "root" }))).toMatchObject({ ok: false, error: expect.stringMatching(/^role/) });
    expect(await deleteUserAction(null, form({ id: "u1" }))).toEqual({ ok: false, error: "You can't delete your own account." });
  });

  it("own password change: signed-out redirects; mismatched confirmation refused", async () => {
    as(null);
    await expect(changeOwnPasswordAction(null, form({}))).rejects.toMatchObject({ digest: expect.stringContaining("/login") });
    restore?.();
    as("viewer");
    const result = await changeOwnPasswordAction(
      null,
      form({ currentPassword: "x", newPassword: "long-enough-1", confirmPassword: "long-enough-2" }),
    );
    expect(result).toEqual({ ok: false, error: "confirmPassword: the new passwords differ" });
  });
});
