"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/**
 * next-auth's sign-out, the two requests its `signOut()` makes: its CSRF token,
 * then the POST that clears the session cookie. Written here because the button
 * sits in the header of every page and next-auth/react would add ~7 kB (gzip)
 * to each page's first load for these two calls.
 */
async function signOut(): Promise<void> {
  const csrf = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken?: unknown };
  if (typeof csrf.csrfToken !== "string") throw new Error("No CSRF token from /api/auth/csrf");
  await fetch("/api/auth/signout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, json: "true" }),
  });
}

type Props = {
  /** Replaces the default classes (to fit the header it sits in). */
  className?: string;
};

/** Signs out (next-auth's CSRF-protected POST) and opens the login page. */
export function SignOutButton({ className }: Props) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await signOut();
        } finally {
          router.replace("/login");
          router.refresh();
        }
      }}
      className={
        className ??
        "rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800"
      }
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
