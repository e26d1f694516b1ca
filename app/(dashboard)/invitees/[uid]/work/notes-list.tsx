"use client";

/** One invitee's notes, newest first: add one; its author (or an admin) edits or deletes it, and the history says so. */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/field";
import { apiDelete, apiPatch, apiPost, errorWords } from "@/lib/api-client";
import { NOTE_MAX_CHARS, type Note } from "@/lib/invitee-work/types";
import { useWorkWrite, workPath } from "./use-work";

const textareaClass = cn(inputClass, "h-auto min-h-20 w-full py-2");
const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function ErrorLine({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <p role="alert" className="text-xs text-red-700 dark:text-red-300">
      {errorWords(error, fallback)}
    </p>
  );
}

function NoteItem({ uid, note }: { uid: string; note: Note }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const path = workPath(uid, `notes/${encodeURIComponent(note.id)}`);
  const update = useWorkWrite(uid, (body: string) => apiPatch<Note>(path, { body }));
  const remove = useWorkWrite(uid, () => apiDelete(path));
  return (
    <li className="space-y-1 py-3">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {note.authorEmail} · {when(note.createdAt)}
        {note.updatedByEmail ? ` · edited by ${note.updatedByEmail} at ${when(note.updatedAt)}` : ""}
      </p>
      {editing === null ? (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-900 dark:text-slate-100">{note.body}</p>
      ) : (
        <textarea aria-label="Edit the note" className={textareaClass} maxLength={NOTE_MAX_CHARS} value={editing} onChange={(e) => setEditing(e.target.value)} />
      )}
      {note.editable ? (
        <div className="flex flex-wrap gap-2">
          {editing === null ? (
            <>
              <Button size="sm" variant="ghost" onClick={() => setEditing(note.body)}>
                Edit
              </Button>
              {confirming ? (
                <>
                  <span className="self-center text-xs text-slate-700 dark:text-slate-300">Delete this note?</span>
                  <Button size="sm" variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(undefined)}>
                    Yes, delete
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              )}
            </>
          ) : (
            <>
              <Button size="sm" variant="primary" disabled={editing.trim() === "" || update.isPending} onClick={() => update.mutate(editing, { onSuccess: () => setEditing(null) })}>
                Save note
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </>
          )}
        </div>
      ) : null}
      {update.isError ? <ErrorLine error={update.error} fallback="The note could not be saved." /> : null}
      {remove.isError ? <ErrorLine error={remove.error} fallback="The note could not be deleted." /> : null}
    </li>
  );
}

export function NotesList({ uid, notes }: { uid: string; notes: Note[] }) {
  const id = useId();
  const [body, setBody] = useState("");
  const add = useWorkWrite(uid, (text: string) => apiPost<Note>(workPath(uid, "notes"), { body: text }));
  return (
    <div className="space-y-2">
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (body.trim() !== "") add.mutate(body, { onSuccess: () => setBody("") });
        }}
      >
        <label htmlFor={`${id}-note`} className="text-xs font-medium text-slate-700 dark:text-slate-300">
          New note
        </label>
        <textarea id={`${id}-note`} className={textareaClass} maxLength={NOTE_MAX_CHARS} value={body} placeholder="What was said, what was agreed, what to do next" onChange={(e) => setBody(e.target.value)} />
        <Button type="submit" variant="primary" disabled={body.trim() === "" || add.isPending}>
          {add.isPending ? "Adding…" : "Add note"}
        </Button>
        {add.isError ? <ErrorLine error={add.error} fallback="The note could not be added." /> : null}
      </form>
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No notes yet.</p>
      ) : (
        <ul aria-label="Notes" className="divide-y divide-slate-200 dark:divide-slate-800">
          {notes.map((note) => (
            <NoteItem key={note.id} uid={uid} note={note} />
          ))}
        </ul>
      )}
    </div>
  );
}
