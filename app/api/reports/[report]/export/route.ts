/** CSV of one table of any report, for exactly the view's filters: /api/reports/<name>/export?table=<id>&<the page's parameters>. */
import { reportExportRoute } from "@/lib/export/export-route";

export const dynamic = "force-dynamic";

export const GET = reportExportRoute({ role: "analyst" });
