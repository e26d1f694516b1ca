/**
 * Start-up checks of the server process (called from instrumentation.ts).
 * A misconfiguration stops the server with one clear message instead of
 * failing later on some request. The database is migrated and its first-start
 * users seeded here; in demo mode the embedded sandbox exchange starts here too.
 */
import "server-only";
import { PEER_HEADER_ENV } from "./auth/client-ip";
import { authSecret } from "./auth/config";
import { trustedProxies } from "./auth/trusted-proxies";
import { isDemoMode } from "./config/mode";
import { checkRedisAtStart } from "./config/redis";
import { masterKey } from "./crypto/master-key";
import { getDb } from "./db/client";
import { seedAppDatabase } from "./db/seed";
import { embeddedSandbox } from "./exchange/embedded-sandbox";
import { exchangeSettings } from "./exchange/settings";
import { urlPolicy } from "./exchange/url-policy";
import { pdfSettings } from "./export/pdf-service";
import { startJobScheduler } from "./jobs/scheduler";
import { checkTestClock } from "./clock-check";
import { startDeliveryWorker } from "./notify/scheduler";
import { deliverySettings } from "./notify/settings";
import { startSyncScheduler } from "./sync/scheduler";
import { registerAppShutdown } from "./app-shutdown";
import { startAlertTimer } from "./alerts/hooks";
import { digestTickMs, startDigestScheduler } from "./digests/scheduler";

export async function checkStartupConfig(): Promise<void> {
  try {
    authSecret();
    masterKey();
    urlPolicy(); // a malformed CONNECTION_HOST_ALLOWLIST stops here
    exchangeSettings(); // and a malformed EXCHANGE_LIVE_WAIT_MS, PDF_MAX_QUEUE…
    pdfSettings();
    digestTickMs(); // a malformed DIGEST_TICK_MS stops here
    deliverySettings(); // a malformed SMTP_URL or MAIL_FROM stops here
    if (!isDemoMode()) {
      const missing = ["WEEX_API_KEY", "WEEX_API_SECRET", "WEEX_API_PASSPHRASE"].filter((name) => !process.env[name]);
      if (missing.length > 0) throw new Error(`WEEX_SPOT_BASE_URL is set, so ${missing.join(", ")} must be set too`);
    }
    trustedProxies(); // a malformed TRUSTED_PROXIES stops here
    checkTestClock(); // TEST_CLOCK_FILE only against a loopback exchange
    if (process.env[PEER_HEADER_ENV] !== "1") {
      console.warn("[rebate-desk] not served by `npm start` (scripts/serve.mjs): client addresses are unknown, so rate limits count all clients together");
    }
    await checkRedisAtStart(); // a malformed REDIS_URL stops here
    await getDb(); // migrations are applied here, at start
    registerAppShutdown(); // what SIGTERM stops (scripts/serve.mjs → lib/shutdown.ts)
    await seedAppDatabase(); // then the first-start users (demo user, ADMIN_EMAIL)
    if (isDemoMode()) {
      const sandbox = await embeddedSandbox();
      console.log(`[rebate-desk] demo mode: embedded sandbox exchange at ${sandbox.url} (set WEEX_SPOT_BASE_URL to use a real exchange)`);
    }
    startSyncScheduler();
    startAlertTimer(); // sync-health alert rules between sync runs
    startDigestScheduler();
    startJobScheduler();
    startDeliveryWorker();
  } catch (error) {
    console.error(`[rebate-desk] cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
