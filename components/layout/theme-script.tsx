import { THEME_SCRIPT } from "./theme";

/**
 * Render inside <head> of the root layout, whose <html> carries
 * suppressHydrationWarning (the script sets its class before React hydrates).
 */
export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}
