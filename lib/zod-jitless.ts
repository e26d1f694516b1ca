/**
 * Imported for its effect by every module that brings zod into the browser (the
 * report filters and contracts, the screens' URL state): zod's fast path probes
 * whether `new Function` is allowed, and under the pages' script-src CSP
 * (lib/http/page-security.ts) that probe is reported as a policy violation even
 * though zod catches it. Jitless parsing never probes; its cost is small for the
 * few objects a page parses. The server keeps zod's fast path (no CSP there).
 * Kept out of the shared layout so pages without zod do not load it.
 */
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });
