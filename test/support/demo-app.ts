/**
 * Route-handler tests of the app as demo mode runs it: an embedded database in
 * a temp folder, the embedded sandbox exchange, and a signed-in user whose role
 * a test can change. Call inside a test file; it registers its own hooks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import type { Role } from "../../lib/auth/roles";
import { setSessionUserResolver } from "../../lib/auth/session";
import { closeDb, getDb } from "../../lib/db/client";
import { seedAppDatabase } from "../../lib/db/seed";
import { embeddedSandbox } from "../../lib/exchange/embedded-sandbox";
import type { RunningSandbox } from "../../lib/sandbox";

export interface DemoApp {
  /** The embedded sandbox (available once the suite's beforeAll ran). */
  readonly sandbox: RunningSandbox;
  /** The app's DATA_DIR (its PGlite under `pglite/`). */
  readonly dataDir: string;
  /** The signed-in user's role for the next requests. */
  role: Role;
}

/** `env`: settings of this app on top of the demo's (a smaller world, a slower budget), set before it starts. */
export function demoAppSuite(prefix: string, initialRole: Role = "viewer", env: Record<string, string> = {}): DemoApp {
  const saved = { ...process.env };
  let dir = "";
  let restore: () => void = () => {};
  let sandbox: RunningSandbox | undefined;
  const app = {
    role: initialRole,
    get sandbox(): RunningSandbox {
      if (!sandbox) throw new Error("the demo app is not started yet (use it inside tests)");
      return sandbox;
    },
    get dataDir(): string {
      return dir;
    },
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), `rd-${prefix}-`));
    process.env.DATA_DIR = dir;
    process.env.BCRYPT_COST = "4";
    Object.assign(process.env, env);
    delete process.env.DATABASE_URL;
    delete process.env.WEEX_SPOT_BASE_URL;
    delete process.env.APP_ENCRYPTION_KEY;
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const db = await getDb();
    await seedAppDatabase(); // as the server's start-up does: the demo user
    const [user] = await db.query.users.findMany({ limit: 1 });
    restore = setSessionUserResolver(async () => ({ id: user!.id, email: `${app.role}@example.com`, name: app.role, role: app.role }));
    sandbox = await embeddedSandbox();
  });
  afterAll(async () => {
    restore();
    await closeDb();
    process.env = saved;
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });
  return app;
}
