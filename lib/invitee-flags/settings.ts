/**
 * The thresholds of the invitee-quality flags, one set per connection (table invitee_flag_settings). Browser-safe:
 * the settings form validates with the same schema. Defaults are tuned on the sandbox's default world (seed 42) so
 * that every planted case is raised and no other invitee (docs/invitee-flags.md has the margins measured).
 */
import { z } from "zod";

/** A USDT amount: digits with an optional fraction (a decimal string, never a float). */
const amount = z.string().trim().regex(/^\d{1,12}(\.\d{1,8})?$/, "a USDT amount (digits, an optional fraction)");
const share = z.number().gt(0, "above 0").max(1, "at most 1");
const days = (max: number) => z.number().int("whole days").min(1, "at least 1 day").max(max, `at most ${max} days`);

export const flagSettingsSchema = z
  .object({
    lowFee: z.object({ days: days(400).default(90), maxShareOfNormal: share.default(0.25), minVolume: amount.default("1000") }).strict().default({
      days: 90,
      maxShareOfNormal: 0.25,
      minVolume: "1000",
    }),
    roundTrip: z
      .object({ windowDays: days(30).default(5), lookbackDays: days(400).default(180), minShare: share.default(0.95), minDeposit: amount.default("50") })
      .strict()
      .default({ windowDays: 5, lookbackDays: 180, minShare: 0.95, minDeposit: "50" }),
    burst: z
      .object({
        minSignups: z.number().int().min(2, "at least 2").max(10_000).default(5),
        multiple: z.number().min(1, "at least 1").max(1_000).default(15),
        usualDays: days(90).default(28),
        lookbackDays: days(400).default(180),
      })
      .strict()
      .default({ minSignups: 5, multiple: 15, usualDays: 28, lookbackDays: 180 }),
    collapse: z
      .object({ windowDays: days(90).default(14), maxShare: share.default(0.3), minVolumeHeld: share.default(0.5), minVolume: amount.default("1000") })
      .strict()
      .default({ windowDays: 14, maxShare: 0.3, minVolumeHeld: 0.5, minVolume: "1000" }),
  })
  .strict();

export type FlagSettings = z.output<typeof flagSettingsSchema>;
export const DEFAULT_FLAG_SETTINGS: FlagSettings = flagSettingsSchema.parse({});
