"use client";

import { useActionState, useId } from "react";
import { ActionMessage, fieldClass, labelClass } from "@/components/auth/action-message";
import { NewPasswordInput } from "@/components/auth/new-password-input";
import { buttonClassName } from "@/components/ui/button";
import type { ActionResult } from "@/lib/auth/actions";
import { changeOwnPasswordAction } from "./actions";

export function ChangePasswordForm({ email }: { email: string }) {
  const [result, action, pending] = useActionState<ActionResult | null, FormData>(changeOwnPasswordAction, null);
  const id = useId();
  return (
    <form action={action} className="max-w-sm space-y-4">
      {/* Lets password managers pair the new password with the account. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <div>
        <label htmlFor={`${id}-current`} className={labelClass}>
          Current password
        </label>
        <input
          id={`${id}-current`}
          name="currentPassword"
          type="password"
          required
          autoComplete="current-password"
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-new`} className={labelClass}>
          New password <span className="font-normal text-slate-500">(10+ characters)</span>
        </label>
        <NewPasswordInput id={`${id}-new`} name="newPassword" />
      </div>
      <div>
        <label htmlFor={`${id}-confirm`} className={labelClass}>
          Confirm the new password
        </label>
        <NewPasswordInput id={`${id}-confirm`} name="confirmPassword" />
      </div>
      <button type="submit" disabled={pending} className={buttonClassName({ variant: "primary" })}>
        {pending ? "Saving…" : "Change password"}
      </button>
      <ActionMessage result={result} />
    </form>
  );
}
