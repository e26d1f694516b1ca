/** Every report's answer, /api/reports/<name> (the registry's reports; another name: 404), through the report pipeline (lib/reports/run.ts). */
import { reportRoute } from "@/lib/reports/route";

export const dynamic = "force-dynamic";

export const GET = reportRoute({ role: "analyst" });
