"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { patchParams } from "@/lib/url-state/params";
import { useReportSource } from "./report-context";

/** A snapshot link holds its tables in the default order only: there, only paging changes the URL. */
const SNAPSHOT_PARAMS = new Set(["page"]);

/**
 * Reads and writes page parameters in the URL (no scroll), so sorting, paging and search are shareable.
 * Each change pushes a history entry (Back undoes it); `{ replace: true }` is for changes that should not
 * pile up entries, such as search-as-you-type.
 */
export function useUrlParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const snapshot = useReportSource().shared?.mode === "snapshot";
  return {
    get: (name: string) => params.get(name) ?? undefined,
    /** False where sorting and searching are not offered (a snapshot link). */
    canSort: !snapshot,
    set: (patch: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
      const allowed = snapshot ? Object.fromEntries(Object.entries(patch).filter(([key]) => SNAPSHOT_PARAMS.has(key))) : patch;
      if (Object.keys(allowed).length === 0) return;
      const next = patchParams(params.toString(), allowed).toString();
      const href = next ? `${pathname}?${next}` : pathname;
      if (options.replace) router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    },
  };
}
