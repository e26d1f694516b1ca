/**
 * Runs once when the server starts: fail fast on a configuration that cannot
 * work (outside demo mode: NEXTAUTH_SECRET, APP_ENCRYPTION_KEY, complete WEEX_*
 * credentials), and open the database so its migrations are applied at start,
 * not on the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Only a serving process checks; `next build` may load this file too.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkStartupConfig } = await import("./lib/startup");
  await checkStartupConfig();
}
