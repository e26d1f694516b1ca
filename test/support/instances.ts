/**
 * Real app instances for the multi-instance tests: `npm start`
 * (node scripts/start.mjs, which builds when the build is missing or stale,
 * then serves through scripts/serve.mjs) as child processes, each in its own
 * process group so a SIGKILL reaches the server too, as a crash would. Every
 * instance started here is killed when the test process exits, whatever
 * happened (killAllInstances, also run from afterAll).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

export interface AppInstance {
  name: string;
  url: string;
  /** The process group (start.mjs's pid): the server runs in it. */
  pgid: number;
  /** Everything the instance printed, line by line. */
  lines: string[];
  /** True once the process group's leader has exited. */
  exited(): boolean;
  /** Whether a process of this machine belongs to the instance (its process group). */
  owns(pid: number): boolean;
  /** SIGKILL to the whole instance (start.mjs and the server), as a crash; resolves when it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** The last lines, for failure messages. */
  tail(n?: number): string;
}

const started = new Set<AppInstance>();

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** Kills every instance still running (synchronous: safe in an exit handler). */
export function killAllInstances(): void {
  for (const instance of started) killGroup(instance.pgid, "SIGKILL");
}
process.once("exit", killAllInstances);

function processGroupOf(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces, so read after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[2]);
  } catch {
    return null;
  }
}

/** Starts `npm start` with `env` (on top of PATH and HOME only) on `port`; resolves once it is spawned. */
export function startInstance(name: string, port: number, env: Record<string, string>): AppInstance {
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error(`instance ${name} did not start`);
  const pgid = child.pid;
  const lines: string[] = [];
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
    });
  }
  const instance: AppInstance = {
    name,
    url: `http://127.0.0.1:${port}`,
    pgid,
    lines,
    exited: () => exited,
    owns: (pid) => processGroupOf(pid) === pgid,
    async kill() {
      killGroup(pgid, "SIGKILL");
      await gone;
      started.delete(instance);
    },
    async stop() {
      killGroup(pgid, "SIGTERM");
      const timer = setTimeout(() => killGroup(pgid, "SIGKILL"), 10_000);
      await gone;
      clearTimeout(timer);
      // The server may outlive start.mjs by a moment: make sure the group is gone.
      killGroup(pgid, "SIGKILL");
      started.delete(instance);
    },
    tail: (n = 40) => lines.slice(-n).join("\n"),
  };
  started.add(instance);
  return instance;
}

/** Polls `check` until it returns a value other than undefined/false; fails with `what` and `context()` after timeoutMs. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, context: () => string = () => ""): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${why}\n${context()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until the instance answers GET /api/health with 200 (a first start may build the app: minutes). */
export async function waitHealthy(instance: AppInstance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (instance.exited()) throw new Error(`${instance.name} exited before it was ready:\n${instance.tail()}`);
    const ok = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${instance.name} did not answer /api/health in ${Math.round(timeoutMs / 1000)} s:\n${instance.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * One multi-instance test file at a time per checkout while a first instance starts: `npm start` builds `.next`
 * when it is stale, and two builds into one folder would break both. A file releases the lock once its first
 * instance answers (the build is there), and the files run side by side from then on (each on its own ports).
 * A lock file in the temporary folder names its holder's pid; a holder that died leaves a lock the next one
 * takes over. Resolves to the release.
 */
export async function holdInstancesLock(timeoutMs: number): Promise<() => void> {
  const file = path.join(tmpdir(), `rebate-desk-instances-${createHash("sha256").update(ROOT).digest("hex").slice(0, 16)}.lock`);
  const release = () => {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(readFileSync(file, "utf8").trim() || "0");
    if (!holder || !processAlive(holder)) unlinkSync(file);
    else if (Date.now() > deadline) throw new Error(`another multi-instance test (pid ${holder}) still holds ${file}`);
    else await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
