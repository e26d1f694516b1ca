/**
 * The sandbox exchange in a process of its own (`npm run sandbox`), for benchmarks that must not measure the app and
 * the exchange competing for one event loop: the app then talks to it as to the real exchange (WEEX_SPOT_BASE_URL).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { DEFAULT_SANDBOX_CREDENTIALS } from "../lib/sandbox/config";

export interface SandboxProcess {
  url: string;
  /** The app's environment for this exchange: real mode (no embedded sandbox), the sandbox's credentials. */
  appEnv: Record<string, string>;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: readonly string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/sandbox.ts", "--port", "0", ...args], {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the sandbox exited (code ${code ?? "none"}) before it listened`)));
  });
  child.stdout.resume();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const appEnv = {
    WEEX_SPOT_BASE_URL: url,
    WEEX_CONTRACT_BASE_URL: url,
    WEEX_API_KEY: DEFAULT_SANDBOX_CREDENTIALS.apiKey,
    WEEX_API_SECRET: DEFAULT_SANDBOX_CREDENTIALS.secret,
    WEEX_API_PASSPHRASE: DEFAULT_SANDBOX_CREDENTIALS.passphrase,
  };
  return { url, appEnv, stop };
}
