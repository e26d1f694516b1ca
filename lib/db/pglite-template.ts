import "server-only";
import { cpSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * A migrated PGlite database to start new embedded databases from, instead of
 * running initdb inside WebAssembly and every migration again (6–8 s each on 2
 * cores, against ~1.5 s to load a template). `PGLITE_TEMPLATE` names a closed
 * PGlite data folder whose dump (`dumpDataDir("none")`) lies beside it as
 * `<folder>.tar`; `test/global-setup.ts` makes both once per test run from the
 * committed migrations. The migrator still runs after a copy (a no-op when the
 * template is current), so a stale template can never hide a migration.
 * Unset: every new database is created from nothing, as in production.
 */
export function pgliteTemplate(): string | null {
  const folder = process.env.PGLITE_TEMPLATE?.trim();
  if (!folder) return null;
  if (!existsSync(path.join(folder, "PG_VERSION")) || !existsSync(`${folder}.tar`)) {
    throw new Error(`PGLITE_TEMPLATE=${folder} is not a PGlite data folder with its ${path.basename(folder)}.tar dump beside it`);
  }
  return folder;
}

/** A new in-memory PGlite loaded from the template's dump. */
export function memoryFromTemplate(template: string): PGlite {
  return new PGlite({ loadDataDir: new Blob([readFileSync(`${template}.tar`)]) });
}

/** Copies the template's data folder to `folder` (which must not exist yet). */
export function copyTemplateTo(template: string, folder: string): void {
  cpSync(template, folder, { recursive: true, errorOnExist: true, force: false });
}
