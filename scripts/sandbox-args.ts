/** Command-line flags of `npm run sandbox`, validated (bad flags get a clear message, not a stack trace). */
import { parseArgs } from "node:util";
import { z } from "zod";
import type { SandboxOptions } from "../lib/sandbox/config";

const numberFlag = (name: string, min: number) =>
  z
    .string()
    .regex(/^\d+$/, `--${name} takes a whole number`)
    .transform(Number)
    .refine((n) => n >= min, `--${name} must be at least ${min}`)
    .optional();

const flagsSchema = z.object({
  port: numberFlag("port", 0),
  host: z.string().optional(),
  seed: numberFlag("seed", 0),
  invitees: numberFlag("invitees", 1),
  days: numberFlag("days", 1),
  "sub-affiliates": numberFlag("sub-affiliates", 0),
  budget: numberFlag("budget", 1),
  restate: z.boolean().optional(),
  "batch-enabled": z.boolean().optional(),
  help: z.boolean().optional(),
});

export const USAGE = `Usage: npm run sandbox -- [--port <p>] [--host <h>] [--seed <n>] [--invitees <n>] [--days <n>]
                          [--sub-affiliates <n>] [--budget <weight per 10 s>] [--restate] [--batch-enabled]`;

export interface SandboxCli {
  listen: { port: number; host: string };
  options: Partial<SandboxOptions>;
  help: boolean;
}

export function parseSandboxArgs(argv: string[]): SandboxCli {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      invitees: { type: "string" },
      days: { type: "string" },
      "sub-affiliates": { type: "string" },
      budget: { type: "string" },
      restate: { type: "boolean" },
      "batch-enabled": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  const flags = flagsSchema.parse(values);
  const options: Partial<SandboxOptions> = {};
  if (flags.seed !== undefined) options.seed = flags.seed;
  if (flags.invitees !== undefined) options.invitees = flags.invitees;
  if (flags.days !== undefined) options.days = flags.days;
  if (flags["sub-affiliates"] !== undefined) options.subAffiliates = flags["sub-affiliates"];
  if (flags.budget !== undefined) options.budget = flags.budget;
  if (flags.restate) options.restate = true;
  if (flags["batch-enabled"]) options.batchEnabled = true;
  return { listen: { port: flags.port ?? 8787, host: flags.host ?? "127.0.0.1" }, options, help: flags.help ?? false };
}
