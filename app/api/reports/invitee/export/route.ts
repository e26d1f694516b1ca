/** CSV of one table of an invitee's detail report, for exactly the view's filters: ?table=<id>&uid=<uid>&<the page's parameters>. */
import { reportExportRoute } from "@/lib/export/export-route";

export const dynamic = "force-dynamic";

export const GET = reportExportRoute({ role: "analyst" }, "invitee");
