import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Prefetched } from "@/components/providers/prefetched";
import { Skeleton } from "@/components/ui/skeleton";
import { hasRole } from "@/lib/auth/roles";
import { checkAccess } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listDigests } from "@/lib/digests/store";
import { digestViews } from "@/lib/digests/view";
import { queryKeys } from "@/lib/query-keys";
import { DigestsView } from "./client";

export const metadata: Metadata = { title: "Digests" };
export const dynamic = "force-dynamic";

/** Scheduled digests of report views: next run, last run, and their history; edit, pause, send now, delete. */
export default async function DigestsPage() {
  const { user, allowed } = await checkAccess("analyst");
  return (
    <div className="space-y-6">
      <PageHeader title="Digests" eyebrow="Workspace">
        <p>
          Report views sent by mail or webhook on a schedule. Create one with “Send this view on a schedule…” on any analytics page.
          {hasRole(user.role, "admin") ? " As an admin you see everyone's digests and can pause them." : ""}
        </p>
      </PageHeader>
      {allowed ? (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <Prefetched
            queryKey={queryKeys.digests.list()}
            read={async () => {
              const db = await getDb();
              return { digests: await digestViews(db, await listDigests(db, hasRole(user.role, "admin") ? {} : { ownerUserId: user.id }), user) };
            }}
          >
            <DigestsView />
          </Prefetched>
        </Suspense>
      ) : (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          Digests need the analyst role. Your role is <strong>{user.role}</strong>.
        </p>
      )}
    </div>
  );
}
