"use client";

import { useActionState, useId } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button } from "@/components/ui/button";

type Action = (prev: { error: string | null }, form: FormData) => Promise<{ error: string | null }>;

/** The password step of a protected link. */
export function SharePasswordForm({ action }: { action: Action }) {
  const id = useId();
  const [state, submit, pending] = useActionState(action, { error: null });
  return (
    <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center gap-4 p-8">
      <h1 className="text-xl font-semibold">This report is protected</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">Enter the password you were given with the link.</p>
      <form action={submit} className="space-y-3">
        <div>
          <label htmlFor={id} className={labelClass}>
            Password
          </label>
          <input id={id} name="password" type="password" required autoComplete="off" className={fieldClass} />
        </div>
        {state.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {state.error}
          </p>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending ? "Checking…" : "Open report"}
        </Button>
      </form>
    </main>
  );
}
