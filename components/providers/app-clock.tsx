"use client";

import { createContext, useCallback, useContext, type ReactNode } from "react";

/**
 * The app's clock in the browser. The server's "now" is lib/clock.ts (the system
 * clock plus the test offset of TEST_CLOCK_FILE); the root layout hands its offset
 * here so that what the browser resolves from a URL — the date picker's days, the
 * share dialog's locked days, the filters of a view — is the same day the server's
 * answer uses. Without a test offset it is 0 and this is the browser's clock.
 */
const OffsetContext = createContext(0);

export function AppClockProvider({ offsetMs, children }: { offsetMs: number; children: ReactNode }) {
  return <OffsetContext.Provider value={offsetMs}>{children}</OffsetContext.Provider>;
}

/** A function giving the app's "now" (call it when needed: a held Date would go stale). */
export function useAppNow(): () => Date {
  const offset = useContext(OffsetContext);
  return useCallback(() => new Date(Date.now() + offset), [offset]);
}
