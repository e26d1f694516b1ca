import { THEME_SCRIPT } from "./theme";

/**
 * Render inside <head> of the root layout, whose <html> carries
 * suppressHydrationWarning (the script sets its class before React hydrates).
 * `nonce`: the request's CSP nonce, without which the policy blocks the script.
 */
export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}
