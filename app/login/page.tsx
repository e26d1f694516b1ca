import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { DEMO_USER } from "@/lib/auth/demo";
import { safeCallbackPath } from "@/lib/auth/paths";
import { getSessionUser } from "@/lib/auth/session";
import { isDemoMode } from "@/lib/config/mode";

export const metadata: Metadata = { title: "Sign in" };
// Demo mode is read at request time, not frozen at build time.
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  if (await getSessionUser()) redirect(callbackUrl);
  const demo = isDemoMode() ? { email: DEMO_USER.email, password: DEMO_USER.password } : null;

  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-6 py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-400">Rebate Desk</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Sign in</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Affiliate rebate analytics for the WEEX exchange.
      </p>
      <LoginForm callbackUrl={callbackUrl} demo={demo} initialError={first(params.error) ?? null} />
    </main>
  );
}
