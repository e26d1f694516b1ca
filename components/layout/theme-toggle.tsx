"use client";

import { useCallback, useEffect, useLayoutEffect, useSyncExternalStore } from "react";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { MonitorIcon, MoonIcon, SunIcon } from "@/components/ui/icons";
import { THEME_STORAGE_KEY, applyTheme, readThemePreference, type ThemePreference } from "./theme";

const CHANGE_EVENT = "rd-theme-change";

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the preference: follow it.
    if (event.key === null || event.key === THEME_STORAGE_KEY) {
      applyTheme(readThemePreference());
      onChange();
    }
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

// The server cannot know the preference: it renders "system", and React
// switches to the stored value right after hydration without a mismatch.
const getServerSnapshot = (): ThemePreference => "system";

const OPTIONS: ReadonlyArray<{ value: ThemePreference; label: string; Icon: typeof SunIcon }> = [
  { value: "light", label: "Light theme", Icon: SunIcon },
  { value: "dark", label: "Dark theme", Icon: MoonIcon },
  { value: "system", label: "System theme", Icon: MonitorIcon },
];

export function ThemeToggle({ className }: { className?: string }) {
  const preference = useSyncExternalStore(subscribe, readThemePreference, getServerSnapshot);

  // Re-apply the stored preference on mount: the inline script did it before paint, but a dev-mode
  // remount resets <html>'s attributes. Reads storage, not `preference`, which is still the server
  // snapshot ("system") during hydration and would briefly undo a stored "dark".
  useLayoutEffect(() => {
    applyTheme(readThemePreference());
  }, []);

  // Following the system: react when the OS switches between light and dark.
  useEffect(() => {
    if (preference !== "system") return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme(readThemePreference());
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [preference]);

  const choose = useCallback((next: ThemePreference) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode or storage disabled: the choice lasts for this page only.
    }
    applyTheme(next);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);

  return (
    <div
      role="group"
      aria-label="Theme"
      className={cn(
        "inline-flex items-center gap-0.5 rounded-lg border border-slate-200 bg-slate-100/80 p-0.5 dark:border-slate-800 dark:bg-slate-900",
        className,
      )}
    >
      {OPTIONS.map(({ value, label, Icon }) => {
        const active = preference === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={active}
            aria-label={label}
            title={label}
            onClick={() => choose(value)}
            className={cn(
              "inline-flex size-7 items-center justify-center rounded-md transition-colors",
              active
                ? "bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white"
                : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
              focusRing,
            )}
          >
            <Icon className="size-4" />
          </button>
        );
      })}
    </div>
  );
}
