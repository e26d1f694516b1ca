"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";

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
          await signOut({ redirect: false });
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
