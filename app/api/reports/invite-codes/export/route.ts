/** CSV of one table of the invite-codes report, for exactly the view's filters: ?table=<id>&<the page's parameters>. */
import { reportExportRoute } from "@/lib/export/export-route";

export const dynamic = "force-dynamic";

export const GET = reportExportRoute({ role: "analyst" }, "invite-codes");
