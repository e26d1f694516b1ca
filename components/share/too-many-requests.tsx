import { minutesWords } from "@/lib/format/time";

/**
 * What a shared page shows an address that asked for too many links that do not
 * exist (lib/share/guess-limit.ts): the wait the limiter counted, as its 429s say it.
 */
export function TooManyShareRequests({ retryAfterSeconds }: { retryAfterSeconds: number }) {
  return (
    <main className="mx-auto flex max-w-lg flex-1 flex-col justify-center gap-3 p-8">
      <h1 className="text-xl font-semibold">Too many requests</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="share-wait">
        Too many requests for links that do not exist came from your network. Wait {minutesWords(retryAfterSeconds)} and try again.
      </p>
    </main>
  );
}
