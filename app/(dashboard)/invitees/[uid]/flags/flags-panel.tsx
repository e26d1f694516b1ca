"use client";

/**
 * The invitee's quality flags (lib/invitee-flags): each raised flag with its rule in words and its evidence; when none,
 * the rules checked. Internal risk notes: read from their own route, never from the invitee report, so no share link,
 * its PDF, a digest or a webhook carries them; hidden in print like the team's work panel (InternalPanel).
 */
import { Link } from "@/components/ui/link";
import { useQuery } from "@tanstack/react-query";
import { InternalPanel } from "@/components/invitee-work/internal-panel";
import { apiGet } from "@/lib/api-client";
import { EVIDENCE_LABELS, type InviteeFlagsAnswer, type RaisedFlag } from "@/lib/invitee-flags/types";
import { queryKeys } from "@/lib/query-keys";

function Evidence({ flag }: { flag: RaisedFlag }) {
  const labels = EVIDENCE_LABELS[flag.kind];
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">Days</dt>
      <dd className="tabular-nums text-slate-900 dark:text-white">{flag.from === flag.to ? flag.from : `${flag.from} → ${flag.to}`}</dd>
      {Object.keys(labels).map((key) =>
        flag.evidence[key] === undefined ? null : (
          <div key={key} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{labels[key]}</dt>
            <dd className="tabular-nums text-slate-900 dark:text-white">{flag.evidence[key]}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

export function InviteeFlagsPanel({ uid }: { uid: string }) {
  const flags = useQuery({
    queryKey: queryKeys.inviteeFlags.one(uid),
    queryFn: () => apiGet<InviteeFlagsAnswer>(`/api/invitees/${encodeURIComponent(uid)}/flags`),
  });
  return (
    <InternalPanel
      query={flags}
      title="Quality flags"
      meta="Computed from the synced data with your connection's thresholds; internal: never on share links, their PDFs, digests or webhooks."
      errorTitle="The quality flags could not be read"
    >
      {(answer) => (
        <>
          {answer.flags.length > 0 ? (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {answer.flags.map((f) => (
                <li key={f.kind} className="px-4 py-3">
                  <h3 className="text-sm font-semibold text-red-800 dark:text-red-300">{f.label}</h3>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{f.rule}</p>
                  <Evidence flag={f} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="space-y-2 px-4 py-3 text-sm">
              <p className="font-semibold text-slate-900 dark:text-white">No quality flag raised</p>
              <p className="text-slate-600 dark:text-slate-400">The rules checked:</p>
              <ul className="list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
                {answer.rules.map((r) => (
                  <li key={r.kind}>
                    <span className="font-medium">{r.label}:</span> {r.rule}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="px-4 pb-3 text-xs text-slate-600 dark:text-slate-400">
            <Link href="/invitees/flags" className="underline">
              The thresholds
            </Link>
          </p>
        </>
      )}
    </InternalPanel>
  );
}
