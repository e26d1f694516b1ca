/**
 * The app as a benchmark runs it: started as `npm start` starts it (built first if needed), on a
 * spare port with a throwaway data folder, then signed in as the demo user.
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

/** Starts the app with these extra environment variables (on a fresh data folder unless given one) and waits until /api/health answers. */
export async function startApp(env: Record<string, string>, dataDir = mkdtempSync(path.join(tmpdir(), "rd-bench-"))): Promise<RunningApp> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (options: { keepData?: boolean } = {}) => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 900_000; // a first build on a busy machine takes a while
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child, dataDir, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error("the app did not start");
}

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = (pair ?? "").split("=");
    if (name) jar.set(name.trim(), value.join("="));
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Signs in as the demo user; the Cookie header of the session. */
export async function signIn(appUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${appUrl}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email: DEMO_USER.email, password: DEMO_USER.password, json: "true" }),
  });
  cookiesOf(res, jar);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed (HTTP ${res.status})`);
  return cookieHeader(jar);
}
