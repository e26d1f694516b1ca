"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { SidebarNav } from "./sidebar-nav";

/**
 * Below the lg breakpoint the sidebar folds into a menu button: a disclosure
 * (aria-expanded / aria-controls) whose panel holds the same navigation.
 * Escape closes it and returns focus to the button; so does choosing a page.
 */
export function MobileNav({ footer }: { footer?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const [lastPathname, setLastPathname] = useState(pathname);

  // A navigation (back/forward included) closes the menu.
  if (pathname !== lastPathname) {
    setLastPathname(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          "inline-flex size-9 items-center justify-center rounded-lg border border-slate-200 text-slate-700 hover:bg-slate-100 dark:border-slate-800 dark:text-slate-200 dark:hover:bg-slate-800",
          focusRing,
        )}
      >
        {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
        <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-3 py-4 shadow-lg dark:border-slate-800 dark:bg-slate-950"
      >
        {open ? <SidebarNav idPrefix="mobile-nav" onNavigate={() => setOpen(false)} /> : null}
        {open && footer ? <div className="mt-4 border-t border-slate-200 px-3 pt-4 sm:hidden dark:border-slate-800">{footer}</div> : null}
      </div>
    </div>
  );
}
