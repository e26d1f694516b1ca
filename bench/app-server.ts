/**
 * The app as `npm start` runs it, for benchmarks that measure it from outside:
 * started on a spare port with a throwaway data folder (built first when the
 * build is missing or stale), and signed in as the demo user over HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_USER } from "../lib/auth/demo";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface RunningApp {
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** Stops the app and removes its data folder, unless asked to keep it (for a restart on the same data). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts `node scripts/start.mjs` with `env` on top of this process's environment (on a fresh data
 * folder unless given one) and waits for /api/health.
 */
export async function startApp(env: Record<string, string>, dataDir = mkdtempSync(path.join(tmpdir(), "rd-bench-"))): Promise<RunningApp> {
  const port = await freePort();
  const app = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (options: { keepData?: boolean } = {}) => {
    if (app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((r) => app.once("exit", r));
      app.kill("SIGTERM");
      await exited;
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const exited = new Promise<never>((_, reject) =>
    app.once("exit", (code) => reject(new Error(`the app exited (code ${code ?? "none"}) before it was up`))),
  );
  // Once the app is up, its exit at stop() is expected: nothing waits on this promise then.
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForHealth(url), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, process: app, dataDir, stop };
}

async function waitForHealth(url: string): Promise<void> {
  // A cold `next build` on a busy 2-core machine takes minutes.
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the app did not start");
}

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = (pair ?? "").split("=");
    if (name) jar.set(name.trim(), value.join("="));
  }
}

export const cookieHeader = (jar: ReadonlyMap<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Signs in (as the demo user unless told whom) through next-auth's credentials callback; the session cookies by name. */
export async function signIn(url: string, user: { email: string; password: string } = DEMO_USER): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${url}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, json: "true" }),
  });
  cookiesOf(res, jar);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed (HTTP ${res.status})`);
  return jar;
}
