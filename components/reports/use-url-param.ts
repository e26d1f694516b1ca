"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { patchParams } from "@/lib/url-state/params";

/** Reads and writes page parameters in the URL (replace, no scroll), so sorting, paging and search are shareable. */
export function useUrlParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return {
    get: (name: string) => params.get(name) ?? undefined,
    set: (patch: Record<string, string | undefined>) => {
      const next = patchParams(params.toString(), patch).toString();
      router.replace(next ? `${pathname}?${next}` : pathname, { scroll: false });
    },
  };
}
