"use client";

import { signIn } from "next-auth/react";
import { useId, useState, type FormEvent } from "react";

type Props = {
  /** Same-origin path to open after signing in (already sanitised by the page). */
  callbackUrl: string;
  /** Demo credentials to show (demo mode only). */
  demo: { email: string; password: string } | null;
  /** next-auth error code from the URL (`/login?error=…`), if any. */
  initialError: string | null;
};

/**
 * One message for an unknown e-mail and a wrong password, so the form never
 * tells which accounts exist. Rate limiting has its own message: it applies to
 * unknown and known accounts alike.
 */
function messageFor(code: string): string {
  switch (code) {
    case "CredentialsSignin":
      return "Incorrect e-mail or password.";
    case "RateLimited":
      return "Too many attempts. Try again later.";
    case "SessionRequired":
      return "Please sign in to continue.";
    default:
      return "Sign-in is unavailable right now. Try again later.";
  }
}

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm " +
  "focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none " +
  "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export function LoginForm({ callbackUrl, demo, initialError }: Props) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError ? messageFor(initialError) : null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email, password, redirect: false, callbackUrl });
      if (result?.ok && !result.error) {
        // A full load, so every server component renders with the new session.
        window.location.assign(callbackUrl);
        return;
      }
      setError(messageFor(result?.error ?? "unknown"));
    } catch {
      setError(messageFor("unknown"));
    }
    setPending(false);
  }

  return (
    <>
      <form
        onSubmit={onSubmit}
        className="mt-8 space-y-5"
        aria-describedby={error ? errorId : undefined}
        noValidate={false}
      >
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            E-mail
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Password
          </label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={inputClass}
          />
        </div>
        <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
        >
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>

      {demo ? (
        <section
          aria-labelledby={`${id}-demo`}
          className="mt-8 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-900 dark:bg-brand-950"
        >
          <h2 id={`${id}-demo`} className="font-semibold text-brand-800 dark:text-brand-200">
            Demo sign-in
          </h2>
          <p className="mt-1 text-brand-900 dark:text-brand-100">
            This instance runs on the embedded sandbox exchange. Sign in as{" "}
            <code className="font-mono">{demo.email}</code> with the password{" "}
            <code className="font-mono">{demo.password}</code> (an admin).
          </p>
          <button
            type="button"
            onClick={() => {
              setEmail(demo.email);
              setPassword(demo.password);
            }}
            className="mt-3 rounded-md border border-brand-300 bg-white px-3 py-1.5 font-medium text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-brand-800 dark:bg-slate-900 dark:text-brand-200"
          >
            Fill in the demo credentials
          </button>
        </section>
      ) : null}
    </>
  );
}
