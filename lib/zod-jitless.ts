/**
 * Imported for its effect by the browser's providers: zod's fast path probes
 * whether `new Function` is allowed, and under the pages' script-src CSP
 * (lib/http/page-security.ts) that probe is reported as a policy violation even
 * though zod catches it. Jitless parsing never probes; its cost is small for
 * the few objects a page parses.
 */
import { z } from "zod";

z.config({ jitless: true });
