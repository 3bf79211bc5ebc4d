import { z } from "zod";
import { apiRoute } from "@/lib/core/http/route";
import { RecordIdParam } from "@/lib/core/input/ids";
import { newsroomReachCsv } from "@/lib/domains/analytics/reach/newsroom-reach-csv";
import { sessionOrThrow } from "@/lib/domains/auth/session-route";
import { csvResponse } from "@/lib/domains/reports/csv-download";

// GET /dashboard/newsrooms/<id>/reichweite/<table>: one table of the newsroom's reach report
// (monate, pressemitteilungen) as CSV, for whoever may see the newsroom; private, never stored.
export const GET = apiRoute(
  { route: "/hub/dashboard/newsrooms/[id]/reichweite/[table]", params: z.object({ id: RecordIdParam, table: z.string().max(40) }) },
  async ({ params }) => {
    const { user } = await sessionOrThrow();
    const body = await newsroomReachCsv({ userId: user.id, companyId: params.id, table: params.table });
    return csvResponse(body, `reichweite-newsroom-${params.id}-${params.table}.csv`);
  },
);
