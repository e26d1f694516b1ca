/**
 * Once per test run: a migrated PGlite database that every new embedded
 * database of the run starts from (lib/db/pglite-template.ts), instead of each
 * running initdb in WebAssembly and all the migrations (6–8 s each, ~50 of them).
 * Made here from the committed migrations, so it is never stale; tests that
 * open a database with `migrate: false` (the migration tests) still start from
 * nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "rd-pglite-template-"));
  const folder = path.join(dir, "template");
  const fresh = new PGlite();
  await migrate(drizzle({ client: fresh }), { migrationsFolder: path.resolve("lib/db/migrations") });
  const dump = await fresh.dumpDataDir("none");
  await fresh.close();
  writeFileSync(`${folder}.tar`, Buffer.from(await dump.arrayBuffer()));
  // The same database as a data folder, for databases opened on disk (DATA_DIR/pglite): they copy it.
  const onDisk = new PGlite(folder, { loadDataDir: dump });
  await onDisk.waitReady;
  await onDisk.close();
  project.provide("pgliteTemplate", folder);
  return () => rmSync(dir, { recursive: true, force: true });
}
