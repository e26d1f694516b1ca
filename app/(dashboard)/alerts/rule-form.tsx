"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { WebhookEndpointPicker } from "@/components/notify/webhook-endpoint-picker";
import { Field, inputClass } from "@/components/ui/field";
import { KIND_LABELS, RULE_KINDS } from "@/lib/alerts/kinds";
import type { AlertRuleView } from "@/lib/alerts/views";
import { apiPost, apiPut, isApiClientError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { COOLDOWNS, EMPTY_DRAFT, draftOf, readDraft, webhookIds, type Draft } from "./rule-draft";
import { KindFields } from "./rule-fields";

/** New rule, or edit one: the kind's fields in words, checked as the server checks them. */
/** `initial`: a new rule's fields prefilled (from a saved view: lib/saved-views/alert-prefill.ts). */
export function RuleForm({ rule, initial, onDone }: { rule?: AlertRuleView; initial?: Draft | undefined; onDone: () => void }) {
  const idPrefix = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (rule ? draftOf(rule) : { ...EMPTY_DRAFT, ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: unknown) => (rule ? apiPut(`/api/alerts/rules/${encodeURIComponent(rule.id)}`, input) : apiPost("/api/alerts/rules", input)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.alerts.all() });
      onDone();
    },
  });
  const set = (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readDraft(draft);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    save.mutate(read.input);
  };
  const id = (name: string) => `${idPrefix}-${name}`;
  const problems = Object.keys(errors).length;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 border-b border-slate-200 px-4 py-4 dark:border-slate-800" aria-label={rule ? `Edit rule "${rule.name}"` : "New rule"}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" htmlFor={id("name")} error={errors.name}>
          <input id={id("name")} className={inputClass} value={draft.name} onChange={(e) => set("name", e.target.value)} aria-invalid={errors.name ? true : undefined} />
        </Field>
        <Field label="What to watch" htmlFor={id("kind")} error={errors.kind}>
          <select id={id("kind")} className={inputClass} value={draft.kind} onChange={(e) => set("kind", e.target.value)}>
            {RULE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">When</legend>
        <KindFields draft={draft} errors={errors} set={set} idPrefix={idPrefix} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Tell me (always here in the app)</legend>
        <Field label="Also by mail to (addresses, comma separated)" htmlFor={id("mail")} error={errors.mail}>
          <input id={id("mail")} className={inputClass} inputMode="email" value={draft.mail} onChange={(e) => set("mail", e.target.value)} />
        </Field>
        <WebhookEndpointPicker idPrefix={idPrefix} selected={webhookIds(draft)} onChange={(ids) => set("webhooks", ids.join(","))} saved={rule?.webhookEndpoints ?? []} error={errors.webhooks} />
        <Field label="At most once per condition every" htmlFor={id("cooldownMinutes")} error={errors.cooldownMinutes}>
          <select id={id("cooldownMinutes")} className={inputClass} value={draft.cooldownMinutes} onChange={(e) => set("cooldownMinutes", e.target.value)}>
            {COOLDOWNS.map((c) => (
              <option key={c.minutes} value={String(c.minutes)}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      {problems > 0 ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form ?? `Please check the ${problems === 1 ? "field" : `${problems} fields`} marked above.`}
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {isApiClientError(save.error) ? save.error.msg : "The rule could not be saved."}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {rule ? "Save rule" : "Create rule"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
