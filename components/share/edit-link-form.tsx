"use client";

import { useId, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { ShareAnnotationsChoice } from "@/components/annotations/share-choice";
import { FormFooter } from "@/components/ui/form-footer";
import { apiPatch, errorWords } from "@/lib/api-client";
import { splitOriginList } from "@/lib/share/embed-origins";
import type { ShareLinkListItem } from "@/lib/share/manage";

type ExpiryAction = "keep" | "1d" | "7d" | "30d" | "never" | "day";
type PasswordAction = "keep" | "set" | "remove";

const EXPIRY_OPTIONS: ReadonlyArray<readonly [ExpiryAction, string]> = [
  ["keep", "Keep as it is"],
  ["1d", "1 day from now"],
  ["7d", "7 days from now"],
  ["30d", "30 days from now"],
  ["day", "Through a day I choose (UTC)"],
  ["never", "Never"],
];

const hintClass = "mt-1 text-xs text-slate-600 dark:text-slate-400";

/**
 * The ticked notes, when any box was changed: the ids among the notes listed (the link's view now), which is what the
 * server takes; a chosen note not listed stays on the link.
 */
function annotationChoice(formElement: HTMLFormElement): string[] | undefined {
  const boxes = [...formElement.querySelectorAll<HTMLInputElement>('input[name="annotationIds"]')];
  if (!boxes.some((box) => box.checked !== box.defaultChecked)) return undefined;
  return boxes.filter((box) => box.checked).map((box) => box.value);
}

/** The PATCH body of what the form changes (nothing unchanged is sent). */
function editBody(link: ShareLinkListItem, formElement: HTMLFormElement): Record<string, unknown> {
  const form = new FormData(formElement);
  const body: Record<string, unknown> = {};
  const label = String(form.get("label") ?? "").trim();
  if (label !== link.label) body.label = label;
  const expiry = String(form.get("expiry") ?? "keep") as ExpiryAction;
  if (expiry === "day") body.expiresOn = String(form.get("expiresOn") ?? "");
  else if (expiry !== "keep") body.expiry = expiry;
  const password = String(form.get("passwordAction") ?? "keep") as PasswordAction;
  if (password === "set") body.password = String(form.get("password") ?? "");
  if (password === "remove") body.password = null;
  const paused = form.get("paused") === "on";
  if (paused !== (link.state === "paused")) body.paused = paused;
  if (form.get("redactUids") === "on" && !link.redactUids) body.redactUids = true;
  if (form.get("percentages") === "on" && !link.percentages) body.percentages = true;
  // The whole list, as the server takes it; the server checks each origin (and names a bad one).
  const origins = splitOriginList(String(form.get("embedOrigins") ?? ""));
  if (origins.join(" ") !== link.embedOrigins.join(" ")) body.embedOrigins = origins;
  const annotationIds = annotationChoice(formElement);
  if (annotationIds) body.annotationIds = annotationIds;
  return body;
}

/**
 * Editing a link: label, expiry, password, pause, the sites that may embed it, the notes it shows. Masking and percentages can
 * only be added (and masking only to a live link), never taken away: the form
 * says so, and the server refuses it anyway (lib/share/edit-plan.ts).
 */
export function EditLinkForm({ link, onSaved }: { link: ShareLinkListItem; onSaved: (summary: string) => void }) {
  const id = useId();
  const [expiry, setExpiry] = useState<ExpiryAction>("keep");
  const [passwordAction, setPasswordAction] = useState<PasswordAction>("keep");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const today = new Date().toISOString().slice(0, 10);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = editBody(link, event.currentTarget);
    if (Object.keys(body).length === 0) {
      setError("Nothing was changed.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const saved = await apiPatch<{ summary: string }>(`/api/share/${encodeURIComponent(link.id)}`, body);
      onSaved(saved.summary);
    } catch (e) {
      setError(errorWords(e, "The changes could not be saved."));
    } finally {
      setPending(false);
    }
  };

  const maskingNote = link.redactUids
    ? "Uids stay masked: masking cannot be taken off an existing link. To show them, make a new link."
    : link.mode === "snapshot"
      ? "A snapshot froze its CSV files with the uids in them, so it cannot be masked now. To mask them, make a new link."
      : "Masking can be added; once added it cannot be taken off.";
  const percentagesNote = link.percentages
    ? "It stays in percentages: amounts cannot be shown on an existing link. To show them, make a new link."
    : "Percentages can be added; once added, amounts cannot come back.";

  const embedNote = link.hasPassword
    ? "Not with a password (a frame on another site cannot unlock it): remove the password to embed the link."
    : "Sites that may show this report in a frame, by origin (https://…), one per line or separated by spaces. Empty: no site may. Not with a password.";

  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e)} aria-label={`Edit link "${link.label}"`}>
      <div>
        <label htmlFor={`${id}-label`} className={labelClass}>
          Label
        </label>
        <input id={`${id}-label`} name="label" required maxLength={120} defaultValue={link.label} className={fieldClass} />
      </div>
      <div>
        <label htmlFor={`${id}-expiry`} className={labelClass}>
          Expiry
        </label>
        <select id={`${id}-expiry`} name="expiry" value={expiry} onChange={(e) => setExpiry(e.currentTarget.value as ExpiryAction)} className={fieldClass}>
          {EXPIRY_OPTIONS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        {expiry === "day" ? (
          <div className="mt-2">
            <label htmlFor={`${id}-day`} className={labelClass}>
              Open through the end of (UTC)
            </label>
            <input id={`${id}-day`} name="expiresOn" type="date" required min={today} className={fieldClass} />
          </div>
        ) : null}
      </div>
      <fieldset>
        <legend className={labelClass}>Password ({link.hasPassword ? "set" : "none"})</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <label>
            <input type="radio" name="passwordAction" value="keep" checked={passwordAction === "keep"} onChange={() => setPasswordAction("keep")} /> Keep
          </label>
          <label>
            <input type="radio" name="passwordAction" value="set" checked={passwordAction === "set"} onChange={() => setPasswordAction("set")} />{" "}
            {link.hasPassword ? "Change it" : "Set one"}
          </label>
          {link.hasPassword ? (
            <label>
              <input type="radio" name="passwordAction" value="remove" checked={passwordAction === "remove"} onChange={() => setPasswordAction("remove")} /> Remove it
            </label>
          ) : null}
        </div>
        {passwordAction === "set" ? (
          <div className="mt-2">
            <label htmlFor={`${id}-password`} className={labelClass}>
              New password
            </label>
            <input id={`${id}-password`} name="password" type="password" required minLength={8} maxLength={72} autoComplete="new-password" className={fieldClass} />
            <p className={hintClass}>Whoever opened the link with the old password must enter the new one.</p>
          </div>
        ) : null}
      </fieldset>
      <label className="block text-sm">
        <input type="checkbox" name="paused" defaultChecked={link.state === "paused"} /> Paused (nobody can open it)
      </label>
      <div>
        <label className="block text-sm">
          <input type="checkbox" name="redactUids" defaultChecked={link.redactUids} disabled={link.redactUids || link.mode === "snapshot"} aria-describedby={`${id}-mask-note`} /> Mask
          invitee uids
        </label>
        <p id={`${id}-mask-note`} className={hintClass}>
          {maskingNote}
        </p>
      </div>
      <div>
        <label className="block text-sm">
          <input type="checkbox" name="percentages" defaultChecked={link.percentages} disabled={link.percentages} aria-describedby={`${id}-pct-note`} /> Show percentages
          instead of amounts
        </label>
        <p id={`${id}-pct-note`} className={hintClass}>
          {percentagesNote}
        </p>
      </div>
      <ShareAnnotationsChoice report={link.report} query={link.viewQuery} labelClass={labelClass} chosen={link.annotationIds} />
      <div>
        <label htmlFor={`${id}-embed`} className={labelClass}>
          Allow embedding on
        </label>
        <textarea
          id={`${id}-embed`}
          name="embedOrigins"
          rows={Math.min(4, Math.max(2, link.embedOrigins.length + 1))}
          maxLength={3000}
          spellCheck={false}
          placeholder="https://partner.example.com"
          defaultValue={link.embedOrigins.join("\n")}
          aria-describedby={`${id}-embed-note`}
          className={`${fieldClass} font-mono`}
        />
        <p id={`${id}-embed-note`} className={hintClass}>
          {embedNote}
        </p>
      </div>
      <FormFooter error={error} pending={pending} submitText="Save changes" pendingText="Saving…" />
    </form>
  );
}
