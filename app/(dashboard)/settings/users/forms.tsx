"use client";

import { useActionState, useId } from "react";
import { ActionMessage, fieldClass, labelClass } from "@/components/auth/action-message";
import { NewPasswordInput } from "@/components/auth/new-password-input";
import { buttonClassName } from "@/components/ui/button";
import type { ActionResult } from "@/lib/auth/actions";
import { ROLES, type Role } from "@/lib/auth/roles";
import { changeRoleAction, createUserAction, deleteUserAction, resetPasswordAction } from "./actions";

export type UserListItem = { id: string; email: string; name: string; role: Role; createdAt: string };

export function CreateUserForm() {
  const [result, action, pending] = useActionState<ActionResult | null, FormData>(createUserAction, null);
  const id = useId();
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          E-mail
        </label>
        <input id={`${id}-email`} name="email" type="email" required autoComplete="off" className={fieldClass} />
      </div>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Name <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input id={`${id}-name`} name="name" type="text" maxLength={100} autoComplete="off" className={fieldClass} />
      </div>
      <div>
        <label htmlFor={`${id}-role`} className={labelClass}>
          Role
        </label>
        <select id={`${id}-role`} name="role" defaultValue="viewer" className={fieldClass}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-password`} className={labelClass}>
          Initial password <span className="font-normal text-slate-500">(10+ characters)</span>
        </label>
        <NewPasswordInput id={`${id}-password`} name="password" />
      </div>
      <div className="flex items-center gap-4 sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonClassName({ variant: "primary" })}>
          {pending ? "Creating…" : "Create user"}
        </button>
        <ActionMessage result={result} />
      </div>
    </form>
  );
}

export function UserRowControls({ user, isSelf }: { user: UserListItem; isSelf: boolean }) {
  const [roleResult, roleAction, rolePending] = useActionState<ActionResult | null, FormData>(changeRoleAction, null);
  const [resetResult, resetAction, resetPending] = useActionState<ActionResult | null, FormData>(
    resetPasswordAction,
    null,
  );
  const [deleteResult, deleteAction, deletePending] = useActionState<ActionResult | null, FormData>(
    deleteUserAction,
    null,
  );
  const id = useId();
  const result = deleteResult ?? resetResult ?? roleResult;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <form action={roleAction} className="flex items-end gap-2">
          <input type="hidden" name="id" value={user.id} />
          <div>
            <label htmlFor={`${id}-role`} className="sr-only">
              Role of {user.email}
            </label>
            <select id={`${id}-role`} name="role" defaultValue={user.role} className={fieldClass}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={rolePending} className={buttonClassName({ size: "sm" })}>
            Set role
          </button>
        </form>
        <form action={resetAction} className="flex items-end gap-2">
          <input type="hidden" name="id" value={user.id} />
          <div>
            <label htmlFor={`${id}-password`} className="sr-only">
              New password for {user.email}
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              required
              minLength={10}
              maxLength={72}
              placeholder="New password"
              autoComplete="new-password"
              className={fieldClass}
            />
          </div>
          <button type="submit" disabled={resetPending} className={buttonClassName({ size: "sm" })}>
            Reset password
          </button>
        </form>
        {isSelf ? null : (
          <form
            action={deleteAction}
            onSubmit={(event) => {
              if (!window.confirm(`Delete ${user.email}? This cannot be undone.`)) event.preventDefault();
            }}
          >
            <input type="hidden" name="id" value={user.id} />
            <button
              type="submit"
              disabled={deletePending}
              aria-label={`Delete ${user.email}`}
              className={buttonClassName({ size: "sm", variant: "ghost", className: "text-red-700 dark:text-red-400" })}
            >
              Delete
            </button>
          </form>
        )}
      </div>
      <ActionMessage result={result} />
    </div>
  );
}
