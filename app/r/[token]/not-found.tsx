/**
 * The one answer for every link that does not open: unknown, tampered,
 * revoked, paused and expired links all look exactly like this (a wrong
 * password asks again: components/share/password-form.tsx).
 */
export default function SharedLinkNotFound() {
  return (
    <main className="mx-auto flex max-w-lg flex-1 flex-col justify-center gap-3 p-8">
      <h1 className="text-xl font-semibold">Link not available</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">This link does not exist or is no longer available. Ask the person who sent it for a new one.</p>
    </main>
  );
}
