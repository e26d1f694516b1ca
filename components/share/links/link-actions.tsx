"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { apiDelete, apiPatch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { ShareLinkListItem } from "@/lib/share/manage";
import { EditLinkDialog } from "../edit-link-dialog";
import { ViewLogDialog } from "./view-log-dialog";

const menuItemClass = "block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800";

function useCopy(): [string | null, (what: string, text: string) => void] {
  const [copied, setCopied] = useState<string | null>(null);
  return [copied, (what, text) => void navigator.clipboard?.writeText(text).then(() => setCopied(what))];
}

/** What an embedding site pastes: the link's embedded view in a frame. */
export function embedCode(origin: string, path: string, label: string): string {
  const title = label.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${origin}${path}?embed=1" title="${title}" width="100%" height="800" style="border:0" referrerpolicy="no-referrer"></iframe>`;
}

/**
 * A link's actions for whoever manages it: copy, pause or resume, edit (its
 * change log inside; "History" once revoked), its view log, and a "More" menu
 * (revoke; copying the embed code). The dialogs sit outside the menu: a closed
 * <details> would hide them.
 */
export function LinkActions({ link }: { link: ShareLinkListItem }) {
  const client = useQueryClient();
  const [copied, copy] = useCopy();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.shareLinks() });
  const pause = useMutation({ mutationFn: (paused: boolean) => apiPatch(`/api/share/${encodeURIComponent(link.id)}`, { paused }), onSettled: refresh });
  const revoke = useMutation({ mutationFn: () => apiDelete(`/api/share/${encodeURIComponent(link.id)}`), onSettled: refresh });
  if (!link.canManage) return null;
  const name = `"${link.label}"`;
  const live = link.state === "active" || link.state === "paused";
  return (
    <div className="flex flex-wrap items-center gap-1">
      {link.path ? (
        <Button size="sm" variant="ghost" aria-label={`Copy link ${name}`} onClick={() => copy("link", `${window.location.origin}${link.path}`)}>
          {copied === "link" ? "Copied" : "Copy"}
        </Button>
      ) : null}
      {live ? (
        <Button size="sm" variant="ghost" aria-label={`${link.state === "paused" ? "Resume" : "Pause"} link ${name}`} disabled={pause.isPending} onClick={() => pause.mutate(link.state === "active")}>
          {link.state === "paused" ? "Resume" : "Pause"}
        </Button>
      ) : null}
      <EditLinkDialog link={link} />
      <ViewLogDialog linkId={link.id} label={link.label} />
      {link.state !== "revoked" ? (
        <details
          className="relative"
          onKeyDown={(event) => {
            // Escape closes the menu and leaves focus on its button, as a menu would.
            if (event.key !== "Escape" || !event.currentTarget.open) return;
            event.currentTarget.open = false;
            event.currentTarget.querySelector("summary")?.focus();
          }}
        >
          <summary className={buttonClassName({ variant: "ghost", size: "sm", className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden" })} aria-label={`More actions for ${name}`}>
            More
          </summary>
          <div className="absolute right-0 z-10 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            {link.path && link.embedOrigins.length > 0 ? (
              <button type="button" className={menuItemClass} onClick={() => copy("embed", embedCode(window.location.origin, link.path ?? "", link.label))}>
                {copied === "embed" ? "Embed code copied" : "Copy embed code"}
              </button>
            ) : null}
            <button
              type="button"
              className={`${menuItemClass} text-red-700 dark:text-red-300`}
              aria-label={`Revoke link ${name}`}
              disabled={revoke.isPending}
              onClick={() => {
                if (window.confirm(`Revoke ${name}? The link stops working for everyone, for good.`)) revoke.mutate();
              }}
            >
              Revoke…
            </button>
          </div>
        </details>
      ) : null}
    </div>
  );
}
