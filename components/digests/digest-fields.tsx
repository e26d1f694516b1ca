"use client";

/**
 * The fields of a digest, shared by "Send this view on a schedule…" and the
 * Digests page's edit form: the schedule (daily, weekly on a weekday, monthly
 * on a day), its local time and time zone, the recipients and webhook
 * endpoints, and the skip rules. `readDigestFields` turns the form into the
 * request body the API's zod schema checks again.
 */
import { useState } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { WebhookEndpointPicker } from "@/components/notify/webhook-endpoint-picker";
import type { DigestScheduleKind } from "@/lib/db/schema-digests";
import { WEEKDAY_NAMES } from "@/lib/digests/schedule";
import type { WebhookEndpointRef } from "@/lib/notify/webhook-summary";

export interface DigestFieldValues {
  kind: DigestScheduleKind;
  weekday: number;
  dayOfMonth: number;
  time: string;
  timeZone: string;
  mailTo: string[];
  webhookEndpointIds: string[];
  /** The saved digest's endpoints with their labels (label null: deleted); none for a new digest. */
  webhookEndpoints?: WebhookEndpointRef[];
  skipWhenEmpty: boolean;
  skipWhenUnchanged: boolean;
}

export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

const KIND_WORDS: Record<DigestScheduleKind, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };
const PERIOD_WORDS: Record<DigestScheduleKind, string> = {
  daily: "Each digest reports the last whole UTC day before it is sent.",
  weekly: "Each digest reports the 7 whole UTC days before it is sent.",
  monthly: "Each digest reports the month up to the day before it is sent (on the 1st: last month).",
};

const list = (raw: FormDataEntryValue | null) =>
  String(raw ?? "")
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function readDigestFields(form: FormData) {
  const kind = String(form.get("kind") ?? "weekly") as DigestScheduleKind;
  return {
    schedule: {
      kind,
      ...(kind === "weekly" ? { weekday: Number(form.get("weekday") ?? 1) } : {}),
      ...(kind === "monthly" ? { dayOfMonth: Number(form.get("dayOfMonth") ?? 1) } : {}),
      time: String(form.get("time") ?? ""),
      timeZone: String(form.get("timeZone") ?? "").trim(),
    },
    mailTo: list(form.get("mailTo")),
    // The ticked endpoints (components/notify/webhook-endpoint-picker.tsx).
    webhookEndpointIds: form.getAll("webhookEndpointIds").map(String),
    skipWhenEmpty: form.get("skipWhenEmpty") === "on",
    skipWhenUnchanged: form.get("skipWhenUnchanged") === "on",
  };
}

export function DigestFields({ id, initial }: { id: string; initial: DigestFieldValues }) {
  const [kind, setKind] = useState<DigestScheduleKind>(initial.kind);
  const [webhooks, setWebhooks] = useState<string[]>(initial.webhookEndpointIds);
  return (
    <>
      <fieldset>
        <legend className={labelClass}>How often</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {(["daily", "weekly", "monthly"] as const).map((k) => (
            <label key={k} className="text-sm">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {KIND_WORDS[k]}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{PERIOD_WORDS[kind]}</p>
      </fieldset>
      {kind === "weekly" ? (
        <div>
          <label htmlFor={`${id}-weekday`} className={labelClass}>
            Weekday
          </label>
          <select id={`${id}-weekday`} name="weekday" defaultValue={String(initial.weekday)} className={fieldClass}>
            {WEEKDAY_NAMES.map((name, i) => (
              <option key={name} value={i}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {kind === "monthly" ? (
        <div>
          <label htmlFor={`${id}-day`} className={labelClass}>
            Day of the month
          </label>
          <input id={`${id}-day`} name="dayOfMonth" type="number" min={1} max={31} required defaultValue={initial.dayOfMonth} aria-describedby={`${id}-day-hint`} className={fieldClass} />
          <p id={`${id}-day-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            29–31 run on the month&apos;s last day in shorter months.
          </p>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-time`} className={labelClass}>
            Local time
          </label>
          <input id={`${id}-time`} name="time" type="time" required defaultValue={initial.time} className={fieldClass} />
        </div>
        <div>
          <label htmlFor={`${id}-zone`} className={labelClass}>
            Time zone
          </label>
          <input id={`${id}-zone`} name="timeZone" required maxLength={64} defaultValue={initial.timeZone} placeholder="Europe/Berlin" className={fieldClass} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-mail`} className={labelClass}>
          Mail recipients
        </label>
        <textarea id={`${id}-mail`} name="mailTo" rows={2} defaultValue={initial.mailTo.join("\n")} aria-describedby={`${id}-mail-hint`} className={fieldClass} />
        <p id={`${id}-mail-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          One address per line or separated by commas. Each mail has its own unsubscribe link.
        </p>
      </div>
      <WebhookEndpointPicker idPrefix={id} name="webhookEndpointIds" selected={webhooks} onChange={setWebhooks} saved={initial.webhookEndpoints ?? []} />
      <label className="block text-sm">
        <input type="checkbox" name="skipWhenEmpty" defaultChecked={initial.skipWhenEmpty} /> Skip when the period is empty
      </label>
      <label className="block text-sm">
        <input type="checkbox" name="skipWhenUnchanged" defaultChecked={initial.skipWhenUnchanged} /> Skip when nothing changed since the last digest
      </label>
    </>
  );
}
