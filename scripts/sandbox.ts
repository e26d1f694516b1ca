/**
 * `npm run sandbox -- --port <p> [--seed <n>] [--invitees <n>] [--days <n>]`
 * runs the sandbox exchange alone and prints its base URL and credentials.
 */
import { ZodError } from "zod";
import { startSandbox } from "../lib/sandbox";
import { parseSandboxArgs, USAGE } from "./sandbox-args";

async function main(): Promise<void> {
  let cli;
  try {
    cli = parseSandboxArgs(process.argv.slice(2));
  } catch (error) {
    const detail = error instanceof ZodError ? error.issues.map((i) => i.message).join("; ") : error instanceof Error ? error.message : String(error);
    console.error(`sandbox: ${detail}\n${USAGE}`);
    process.exit(2);
  }
  if (cli.help) {
    console.log(USAGE);
    return;
  }
  const started = Date.now();
  const sandbox = await startSandbox(cli.options, cli.listen);
  const o = sandbox.options;
  console.log(`Sandbox exchange listening on ${sandbox.url} (ready in ${Date.now() - started} ms)`);
  console.log(`  spot & affiliate base URL: ${sandbox.url}   (paths /api/v3/...)`);
  console.log(`  contract base URL:         ${sandbox.url}   (paths /capi/v3/...)`);
  console.log(`  API key (affiliate):  ${o.apiKey}`);
  console.log(`  API key (plain):      ${o.apiKey}-plain      (refused on affiliate endpoints)`);
  console.log(`  API key (read-only):  ${o.apiKey}-readonly   (refused on TRADE endpoints)`);
  console.log(`  secret:               ${o.secret}`);
  console.log(`  passphrase:           ${o.passphrase}`);
  console.log(`  seed ${o.seed}, ${o.invitees} invitees, ${o.days} days, ${o.subAffiliates} sub-affiliates, budget ${o.budget} per ${o.windowMs / 1000} s${o.restate ? ", restating recent days" : ""}${o.batchEnabled ? ", spot batch enabled" : ""}`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
