"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { patchParams } from "@/lib/url-state/params";
import { useReportSource } from "./report-context";

/** A snapshot link holds its tables in the default order only: there, only paging changes the URL. */
const SNAPSHOT_PARAMS = new Set(["page"]);

/** Reads and writes page parameters in the URL (replace, no scroll), so sorting, paging and search are shareable. */
export function useUrlParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const snapshot = useReportSource().shared?.mode === "snapshot";
  return {
    get: (name: string) => params.get(name) ?? undefined,
    /** False where sorting and searching are not offered (a snapshot link). */
    canSort: !snapshot,
    set: (patch: Record<string, string | undefined>) => {
      const allowed = snapshot ? Object.fromEntries(Object.entries(patch).filter(([key]) => SNAPSHOT_PARAMS.has(key))) : patch;
      if (Object.keys(allowed).length === 0) return;
      const next = patchParams(params.toString(), allowed).toString();
      router.replace(next ? `${pathname}?${next}` : pathname, { scroll: false });
    },
  };
}
