"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { isApiClientError } from "@/lib/api-client";

const MAX_RETRIES = 2;

/** Retry only what may heal by itself: no answer at all, or a 5xx. Never a 4xx (bad params, auth, 429 budget). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiClientError(error)) return error.isRetryable;
  // A TypeError from fetch is a network failure; anything else is a bug, not worth repeating.
  return error instanceof TypeError;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data is fresh for 30 s: navigating back and forth does not refetch.
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        // No refetch storm every time the window regains focus; live views set their own interval.
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 8_000),
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  // One client per browser tab, created once (not per render, not shared between server requests).
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
