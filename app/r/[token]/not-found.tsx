/**
 * The one answer for every link that does not open: unknown, tampered,
 * revoked, paused, expired or a wrong password all look exactly like this.
 */
export default function SharedLinkNotFound() {
  return (
    <main className="mx-auto flex max-w-lg flex-1 flex-col justify-center gap-3 p-8">
      <h1 className="text-xl font-semibold">Link not available</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">This link does not exist or is no longer available. Ask the person who sent it for a new one.</p>
    </main>
  );
}
