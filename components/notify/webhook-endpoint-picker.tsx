"use client";

/**
 * The webhook endpoints a digest or an alert rule is sent to, ticked from the
 * user's own (an admin's: every endpoint; GET /api/webhooks) by label instead
 * of typed ids. An endpoint the item names that is no longer in that list —
 * deleted, or not the user's — is said in words and dropped from the choice,
 * so saving removes it.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useEffect } from "react";
import { apiGet, isApiClientError } from "@/lib/api-client";
import type { WebhookEndpointRef, WebhookEndpointSummary } from "@/lib/notify/webhook-summary";
import { queryKeys } from "@/lib/query-keys";

export interface WebhookEndpointPickerProps {
  idPrefix: string;
  /** The checkboxes' form field name (FormData.getAll), if the form reads them that way. */
  name?: string;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** The endpoints as saved on the digest or rule (label null: deleted). */
  saved?: readonly WebhookEndpointRef[];
  error?: string | undefined;
}

const hintClass = "text-xs text-slate-600 dark:text-slate-400";

export function WebhookEndpointPicker({ idPrefix, name, selected, onChange, saved = [], error }: WebhookEndpointPickerProps) {
  const list = useQuery({
    queryKey: queryKeys.webhookEndpoints(),
    queryFn: ({ signal }) => apiGet<{ endpoints: WebhookEndpointSummary[] }>("/api/webhooks", undefined, { signal }),
  });
  const endpoints = list.data?.endpoints;
  const usable = new Set((endpoints ?? []).map((e) => e.id));
  const unusable = endpoints ? selected.filter((id) => !usable.has(id)) : [];
  const dropped = endpoints ? saved.filter((ref) => !usable.has(ref.id)) : [];

  // Ids the user may not use (deleted endpoints) are never sent back: the server would refuse them.
  const unusableKey = unusable.join(",");
  useEffect(() => {
    if (unusableKey) onChange(selected.filter((id) => usable.has(id)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the unusable set changes
  }, [unusableKey]);

  const toggle = (id: string, on: boolean) => onChange(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));
  const errorId = `${idPrefix}-webhooks-error`;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Webhook endpoints (optional)</legend>
      {list.isPending ? (
        <p className={`mt-1 ${hintClass}`}>Loading your webhook endpoints…</p>
      ) : list.isError ? (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
          Your webhook endpoints could not be loaded: {isApiClientError(list.error) ? list.error.msg : "the server did not answer"}.
        </p>
      ) : list.data.endpoints.length === 0 ? (
        <p className={`mt-1 ${hintClass}`}>
          None yet: add one under{" "}
          <Link href="/settings/webhooks" className="text-brand-700 underline dark:text-brand-300">
            Settings → Webhooks
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-1 space-y-1">
          {list.data.endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" name={name} value={endpoint.id} checked={selected.includes(endpoint.id)} onChange={(e) => toggle(endpoint.id, e.target.checked)} />
                <span className="min-w-0 break-words">
                  {endpoint.label} <span className={`${hintClass} break-all`}>({endpoint.urlHint})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {dropped.map((ref) => (
        <p key={ref.id} className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          {ref.label === null ? `Webhook endpoint ${ref.id} was deleted: messages to it fail. Saving removes it.` : `“${ref.label}” is not one of your webhook endpoints. Saving removes it.`}
        </p>
      ))}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
