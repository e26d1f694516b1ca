"use client";

/**
 * The thresholds form: every field as typed, checked with the API's own schema (lib/invitee-flags/settings.ts), each
 * rule's sentence shown from what is typed when it parses, saved whole with PUT /api/invitee-flags/settings.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet, apiPut } from "@/lib/api-client";
import { flagSettingsSchema, type FlagSettings } from "@/lib/invitee-flags/settings";
import { FLAG_LABELS, ruleInWords, type FlagKind, type FlagSettingsAnswer } from "@/lib/invitee-flags/types";
import { queryKeys } from "@/lib/query-keys";

type Group = keyof FlagSettings;
const GROUPS: ReadonlyArray<{ group: Group; kind: FlagKind; fields: ReadonlyArray<[string, string]> }> = [
  { group: "lowFee", kind: "low_fee", fields: [["days", "Over the last (days)"], ["maxShareOfNormal", "Fee below this share of normal (0–1)"], ["minVolume", "At least this volume (USDT)"]] },
  { group: "roundTrip", kind: "round_trip", fields: [["windowDays", "Within (days)"], ["lookbackDays", "Deposit days of the last (days)"], ["minShare", "Withdrawn at least this share (0–1)"], ["minDeposit", "At least this deposit (USDT)"]] },
  { group: "burst", kind: "signup_burst", fields: [["minSignups", "At least (sign-ups in a day)"], ["multiple", "At least this multiple of usual"], ["usualDays", "Usual rate over (days)"], ["lookbackDays", "Burst days of the last (days)"]] },
  { group: "collapse", kind: "commission_collapse", fields: [["windowDays", "Windows of (days)"], ["maxShare", "Commission per volume at most this share of before (0–1)"], ["minVolumeHeld", "Volume held at least this share (0–1)"], ["minVolume", "At least this volume before (USDT)"]] },
];
/** Amounts stay decimal strings; the rest are numbers. */
const AMOUNTS = new Set(["minVolume", "minDeposit"]);

type Draft = Record<string, string>;
const key = (g: Group, f: string) => `${g}.${f}`;
const draftOf = (s: FlagSettings): Draft =>
  Object.fromEntries(GROUPS.flatMap(({ group, fields }) => fields.map(([f]) => [key(group, f), String((s[group] as Record<string, unknown>)[f])])));
const parse = (d: Draft) =>
  flagSettingsSchema.safeParse(
    Object.fromEntries(GROUPS.map(({ group, fields }) => [group, Object.fromEntries(fields.map(([f]) => [f, AMOUNTS.has(f) ? d[key(group, f)] : Number(d[key(group, f)])]))])),
  );

function Form({ answer }: { answer: FlagSettingsAnswer }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer.settings));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (settings: FlagSettings) => apiPut<FlagSettingsAnswer>("/api/invitee-flags/settings", settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inviteeFlags.all() }),
  });
  const parsed = parse(draft);
  const errors = new Map(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message] as const));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {GROUPS.map(({ group, kind, fields }) => (
        <Panel key={group} title={FLAG_LABELS[kind]} meta={parsed.success ? ruleInWords(kind, parsed.data) : "Correct the fields to see the rule in words."}>
          <div className="grid gap-3 p-4 sm:grid-cols-2">
            {fields.map(([f, label]) => (
              <Field key={f} label={label} htmlFor={`flag-${group}-${f}`} error={errors.get(key(group, f))}>
                <input
                  id={`flag-${group}-${f}`}
                  className={inputClass}
                  inputMode="decimal"
                  value={draft[key(group, f)] ?? ""}
                  onChange={(e) => setDraft({ ...draft, [key(group, f)]: e.currentTarget.value })}
                />
              </Field>
            ))}
          </div>
        </Panel>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={!parsed.success || save.isPending}>
          Save thresholds
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          {save.isSuccess ? "Saved." : answer.updatedBy ? `Last changed by ${answer.updatedBy} at ${answer.updatedAt?.slice(0, 16).replace("T", " ")} UTC.` : "The defaults."}
        </p>
      </div>
      {save.isError ? <ErrorPanel error={save.error} title="The thresholds were not saved" /> : null}
    </form>
  );
}

export function FlagSettingsForm() {
  const settings = useQuery({ queryKey: queryKeys.inviteeFlags.settings(), queryFn: () => apiGet<FlagSettingsAnswer>("/api/invitee-flags/settings") });
  if (settings.isPending) return <Skeleton className="h-64 w-full" />;
  if (settings.isError) return <ErrorPanel error={settings.error} title="The thresholds could not be read" onRetry={() => void settings.refetch()} />;
  return <Form answer={settings.data} />;
}
