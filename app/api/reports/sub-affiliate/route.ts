/** The Sub-affiliate report (one sub-affiliate, ?uid=) of the request's connection, through the report pipeline (lib/reports/run.ts). */
import { reportRoute } from "@/lib/reports/route";

export const dynamic = "force-dynamic";

export const GET = reportRoute({ role: "analyst" }, "sub-affiliate");
