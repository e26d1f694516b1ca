import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { QueryProvider } from "@/components/providers/query-provider";
import { requireUser } from "@/lib/auth/session";

/**
 * Every dashboard page is behind sign-in: requireUser() redirects to /login
 * when signed out (proxy.ts does too, as a convenience; this is the check).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <QueryProvider>
      <AppShell user={{ id: user.id, email: user.email, name: user.name, role: user.role }}>{children}</AppShell>
    </QueryProvider>
  );
}
