"use client";

/**
 * The team's own work on one invitee: the follow-up state, tags and notes, and who changed what. Internal: it is read
 * from its own routes (never from the invitee report), so no share link, PDF of a share link, digest or webhook can
 * carry it; the page hides it in print for the same reason.
 */
import type { ReactNode } from "react";
import { InternalPanel } from "@/components/invitee-work/internal-panel";
import { FollowUpEditor } from "./follow-up-editor";
import { NotesList } from "./notes-list";
import { TagEditor } from "./tag-editor";
import { useInviteeWork } from "./use-work";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2 px-4 py-3">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </div>
  );
}

export function InviteeWorkPanel({ uid }: { uid: string }) {
  // An invitee the warehouse does not hold shows no panel: nothing can be recorded on it.
  return (
    <InternalPanel
      query={useInviteeWork(uid)}
      title="Follow-up, tags and notes"
      meta="Your team's own records on this invitee: never shown on share links, their PDFs, digests or webhooks."
      errorTitle="The follow-up, tags and notes could not be read"
    >
      {(work) => (
        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <Part title="Follow-up">
            <FollowUpEditor key={work.followUp?.updatedAt ?? "none"} uid={uid} followUp={work.followUp} />
          </Part>
          <Part title="Tags">
            <TagEditor uid={uid} tags={work.tags} />
          </Part>
          <Part title="Notes">
            <NotesList uid={uid} notes={work.notes} />
          </Part>
          <details className="px-4 py-3">
            <summary className="cursor-pointer text-sm font-semibold text-slate-900 dark:text-white">History ({work.history.length === 50 ? "latest 50" : work.history.length})</summary>
            {work.history.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing changed yet.</p>
            ) : (
              <ol className="mt-2 space-y-1 text-sm">
                {work.history.map((entry) => (
                  <li key={entry.id} className="text-slate-800 dark:text-slate-200">
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {entry.at.slice(0, 16).replace("T", " ")} UTC · {entry.actorEmail}:
                    </span>{" "}
                    {entry.summary}
                  </li>
                ))}
              </ol>
            )}
          </details>
        </div>
      )}
    </InternalPanel>
  );
}
