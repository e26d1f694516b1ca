/**
 * Invitee-quality flags (issue #27) against the sandbox's default world (seed 42, default options: what `npm start`
 * serves), its rows loaded into a real embedded warehouse as the sync stores them: every planted case is raised for
 * its flag and no other invitee — the truth being the world's own record of what it planted, not the code under test.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { flagsOf } from "@/lib/invitee-flags/detect";
import { DEFAULT_FLAG_SETTINGS } from "@/lib/invitee-flags/settings";
import { FLAG_KINDS, type FlagKind } from "@/lib/invitee-flags/types";
import { createAffiliateWorld, DEFAULT_AFFILIATE_WORLD_OPTIONS } from "@/lib/sandbox/data/affiliate";
import { demoAppSuite } from "../support/demo-app";
import { CONNECTION } from "../support/invitee-work";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "../support/warehouse";

const app = demoAppSuite("invitee-flags", "analyst");
const NOW = Date.now();
const world = createAffiliateWorld({ ...DEFAULT_AFFILIATE_WORLD_OPTIONS }, NOW);
const planted = world.planted();
const plantedOf = (kind: FlagKind) => new Set(planted[kind]);
const allPlanted = new Set(Object.values(planted).flat());

beforeAll(async () => {
  const db = await getDb();
  await loadInvitees(db, CONNECTION, world, NOW);
  await loadCommissions(db, CONNECTION, world, NOW);
  await loadTradeAssetDays(db, CONNECTION, world, NOW, DEFAULT_AFFILIATE_WORLD_OPTIONS.days + 1);
}, 240_000);

describe("invitee-quality flags in the default sandbox world", () => {
  it("raise every planted case for its flag, and nobody else", async () => {
    expect(app.role).toBe("analyst");
    const flags = await flagsOf(await getDb(), CONNECTION, DEFAULT_FLAG_SETTINGS);
    for (const kind of FLAG_KINDS) {
      const found = new Set([...flags].filter(([, list]) => list.some((f) => f.kind === kind)).map(([uid]) => uid));
      expect(found, kind).toEqual(plantedOf(kind));
    }
    expect(new Set(flags.keys())).toEqual(allPlanted);
  });
});
