#!/usr/bin/env node
// `npm start`: build when needed, then serve the production build through
// scripts/serve.mjs (Next's custom-server API: it hands the app each request's
// socket address, which `next start` does not).
//
// A build is needed when `.next/BUILD_ID` is missing or older than the newest
// modification time among the sources (files *and* directories, so deleted or
// renamed files count too) and the config files listed below.
//
// Env: PORT (default 3000), HOSTNAME (default 0.0.0.0), FORCE_BUILD=1 to always build.

import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", ".bin", process.platform === "win32" ? "next.cmd" : "next");
const buildIdFile = path.join(root, ".next", "BUILD_ID");

const SOURCE_DIRS = ["app", "components", "lib", "public", "types"];
const CONFIG_FILES = [
  "next.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
  "postcss.config.mjs",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  ".env",
  ".env.production",
  ".env.local",
  ".env.production.local",
];

/** Newest mtime (ms) of a file or of a directory tree; 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target)) {
      if (entry === "node_modules" || entry === ".next") continue;
      newest = Math.max(newest, newestMtime(path.join(target, entry)));
    }
  }
  return newest;
}

function needsBuild() {
  if (process.env.FORCE_BUILD === "1") return "FORCE_BUILD=1";
  if (!existsSync(buildIdFile)) return "no build found";
  const builtAt = statSync(buildIdFile).mtimeMs;
  const sourcesAt = Math.max(
    ...SOURCE_DIRS.map((dir) => newestMtime(path.join(root, dir))),
    ...CONFIG_FILES.map((file) => newestMtime(path.join(root, file))),
  );
  return sourcesAt > builtAt ? "sources changed since the last build" : null;
}

const port = process.env.PORT || "3000";
const hostname = process.env.HOSTNAME || "0.0.0.0";
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", PORT: port, HOSTNAME: hostname };

let child = null;
let stopping = null;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = signal;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

/** Runs a command in the foreground; resolves with an exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, env: childEnv, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`[start] cannot run ${command}: ${error.message} (did you run \`npm install\`?)`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      child = null;
      if (signal) resolve(128 + ({ SIGINT: 2, SIGTERM: 15, SIGKILL: 9 }[signal] ?? 1));
      else resolve(code ?? 1);
    });
  });
}

async function main() {
  if (!existsSync(nextBin)) {
    console.error(`[start] ${nextBin} not found: run \`npm install\` first.`);
    return 1;
  }

  const reason = needsBuild();
  if (reason) {
    console.log(`[start] building (${reason})`);
    const code = await run(nextBin, ["build"]);
    if (code !== 0 || stopping) return code || 1;
  } else {
    console.log("[start] build is up to date");
  }

  console.log(`[start] serving on ${hostname}:${port}`);
  return run(process.execPath, [path.join(root, "scripts", "serve.mjs")]);
}

main().then((code) => process.exit(code));
