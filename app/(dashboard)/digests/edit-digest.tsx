"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { DigestFields, readDigestFields } from "@/components/digests/digest-fields";
import { FormFooter } from "@/components/ui/form-footer";
import { apiPatch, errorWords } from "@/lib/api-client";
import type { DigestView } from "@/lib/digests/view-types";
import { queryKeys } from "@/lib/query-keys";

/** The edit form: name, schedule, channels and skip rules (the view itself stays the one the digest was made from). */
export function EditDigest({ digest, onDone }: { digest: DigestView; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      await apiPatch(`/api/digests/${encodeURIComponent(digest.id)}`, { label: String(form.get("label") ?? ""), ...readDigestFields(form) });
      await client.invalidateQueries({ queryKey: queryKeys.digests.all() });
      onDone();
    } catch (e) {
      setError(errorWords(e, "The digest could not be saved."));
    } finally {
      setPending(false);
    }
  };
  const s = digest.schedule;
  return (
    <form className="mt-3 space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800" onSubmit={(e) => void submit(e)} aria-label={`Edit “${digest.label}”`}>
      <div>
        <label htmlFor={`${id}-label`} className={labelClass}>
          Name
        </label>
        <input id={`${id}-label`} name="label" required maxLength={120} defaultValue={digest.label} className={fieldClass} />
      </div>
      <DigestFields
        id={id}
        initial={{
          kind: s.kind,
          weekday: s.weekday ?? 1,
          dayOfMonth: s.dayOfMonth ?? 1,
          time: s.time,
          timeZone: s.timeZone,
          mailTo: digest.mailTo,
          webhookEndpointIds: digest.webhookEndpointIds,
          webhookEndpoints: digest.webhookEndpoints,
          skipWhenEmpty: digest.skipWhenEmpty,
          skipWhenUnchanged: digest.skipWhenUnchanged,
        }}
      />
      <FormFooter error={error} pending={pending} submitText="Save" pendingText="Saving…" onCancel={onDone} />
    </form>
  );
}
