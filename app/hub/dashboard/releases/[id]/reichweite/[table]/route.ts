import { z } from "zod";
import { releaseReachCsvFor } from "@/lib/adapters/dashboard/release-reach";
import { apiRoute } from "@/lib/core/http/route";
import { RecordIdParam } from "@/lib/core/input/ids";
import { sessionOrThrow } from "@/lib/domains/auth/session-route";
import { csvResponse } from "@/lib/domains/reports/csv-download";

// GET /dashboard/releases/<id>/reichweite/<table>: one table of the release's reach (aufrufe,
// teilungen, feedreader, crawler, indexstatus, indexnow) as CSV, for whoever may see the release
// in the dashboard; private, never stored.
export const GET = apiRoute(
  { route: "/hub/dashboard/releases/[id]/reichweite/[table]", params: z.object({ id: RecordIdParam, table: z.string().max(40) }) },
  async ({ params }) => {
    const { user } = await sessionOrThrow();
    const { body, filename } = await releaseReachCsvFor({ userId: user.id, releaseId: params.id, table: params.table });
    return csvResponse(body, filename);
  },
);
