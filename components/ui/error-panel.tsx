"use client";

import { isApiClientError } from "@/lib/api-client";
import { Button } from "./button";
import { cn } from "./cn";
import { AlertIcon, RefreshIcon } from "./icons";

type ErrorPanelProps = {
  error: unknown;
  /** What failed, in the user's words: "The tickers could not be loaded". */
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
};

/** What went wrong, with the server's `code` and `msg` shown as they came, and a way to try again. */
export function ErrorPanel({ error, title = "Something went wrong", onRetry, retrying = false, className }: ErrorPanelProps) {
  const api = isApiClientError(error) ? error : null;
  const message = api ? api.msg : error instanceof Error ? error.message : "An unexpected error occurred.";
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-start dark:border-red-900/70 dark:bg-red-950/40",
        className,
      )}
    >
      <AlertIcon className="size-5 shrink-0 text-red-700 dark:text-red-300" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-red-900 dark:text-red-100">{title}</p>
        <p className="mt-1 text-sm break-words text-red-800 dark:text-red-200">{message}</p>
        {api ? (
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 font-mono text-xs text-red-800 dark:text-red-200">
            <div className="flex gap-1">
              <dt>code</dt>
              <dd className="font-semibold">{String(api.code)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>HTTP</dt>
              <dd className="font-semibold">{api.status === 0 ? "no response" : api.status}</dd>
            </div>
          </dl>
        ) : null}
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying} className="self-start">
          <RefreshIcon className={cn("size-4", retrying && "animate-spin")} />
          {retrying ? "Retrying…" : "Try again"}
        </Button>
      ) : null}
    </div>
  );
}
