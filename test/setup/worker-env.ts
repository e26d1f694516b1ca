/** In every test worker: new embedded databases start from the run's migrated template (global-pglite-template.ts). */
import { inject } from "vitest";

process.env.PGLITE_TEMPLATE = inject("pgliteTemplate");
