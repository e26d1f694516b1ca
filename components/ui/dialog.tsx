"use client";

import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";

export type DialogSize = "md" | "lg" | "2xl";

const widths: Record<DialogSize, string> = {
  md: "max-w-md",
  lg: "max-w-lg",
  "2xl": "max-w-2xl",
};

/**
 * The app's modal dialog: a native <dialog> shown with showModal() (so the
 * page behind is inert and Escape closes it), labelled by its heading, with a
 * Close button beside the heading. The caller owns the open state and the
 * button that opens it; the content is rendered only while open, so every
 * opening starts fresh and nothing inside is fetched before it is wanted.
 * Closing (Escape, Close, or the caller setting open to false) calls onClose
 * and puts focus back on whatever had it when the dialog opened.
 */
export function Dialog({
  open,
  onClose,
  title,
  size = "md",
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: DialogSize;
  children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: the dialog opens or closes in the same frame as its content appears or goes.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // A form's first field, where the caller marks one (data-autofocus); otherwise the browser's choice, Close.
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const onNativeClose = () => {
    // The browser returns focus to the opener itself; this covers an opener that lost focus
    // to the body because the content went first (a Done button removed as the dialog closes).
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected && (document.activeElement === null || document.activeElement === document.body)) back.focus();
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onNativeClose}
      className={cn(
        // At phone width the page shows half a rem either side; long content scrolls inside.
        "m-auto max-h-[90dvh] w-[calc(100%-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 text-left whitespace-normal text-slate-900 shadow-xl backdrop:bg-slate-950/40 sm:p-6",
        "dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
        widths[size],
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
          {title}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => dialog.current?.close()}>
          Close
        </Button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
