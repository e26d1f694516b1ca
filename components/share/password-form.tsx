"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button } from "@/components/ui/button";

/** What the unlock route's refusals carry (lib/share/password-unlock.ts). */
interface Refusal {
  code?: string;
  msg?: string;
}

/**
 * The password step of a protected link. A wrong password asks again (401);
 * too many tries say how long to wait (429, the limiter's own figure); a link
 * that stopped opening meanwhile (expired, paused, revoked) reloads into the
 * one "Link not available" page.
 */
export function SharePasswordForm({ token }: { token: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/r/${encodeURIComponent(token)}/unlock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password }),
        credentials: "same-origin",
      });
      if (response.ok || response.status === 404) {
        // Unlocked (the cookie is set), or the link no longer opens: the page itself says which.
        window.location.reload();
        return;
      }
      const refusal = (await response.json().catch(() => ({}))) as Refusal;
      setError(refusal.msg ?? "The password could not be checked. Try again.");
      if (input.current) {
        input.current.value = "";
        input.current.focus();
      }
    } catch {
      setError("The password could not be checked: the connection failed. Try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center gap-4 p-8">
      <h1 className="text-xl font-semibold">This report is protected</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">Enter the password you were given with the link.</p>
      <form onSubmit={(e) => void submit(e)} className="space-y-3">
        <div>
          <label htmlFor={id} className={labelClass}>
            Password
          </label>
          <input
            ref={input}
            id={id}
            name="password"
            type="password"
            required
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={fieldClass}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending ? "Checking…" : "Open report"}
        </Button>
      </form>
    </main>
  );
}
