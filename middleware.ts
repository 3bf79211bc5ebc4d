import type { NextFetchEvent, NextRequest } from "next/server";
import type { StorableAnswer } from "@/lib/adapters/public/stored-answers/storable";
import { recordMailVisitLater } from "@/lib/adapters/middleware/mail-visit";
import { routeBySite } from "@/lib/adapters/public/site-routing";
import { publicDecision } from "@/lib/adapters/public/tombstone-index";
import { serveStoredAnswer, storedAnswersEnabled } from "@/lib/adapters/public/stored-answers/serve";
// Registers the server's shortcut to the stored bytes this process holds (scripts/next-server.mjs).
import "@/lib/adapters/public/stored-answers/fast-path";
import { getSiteHosts } from "@/lib/domains/sites/hosts";
import { inProcessPages } from "@/components/portal/in-process-pages";

// Only dispatches; each concern lives in its own module under lib/adapters/middleware.
export function middleware(request: NextRequest, event: NextFetchEvent) {
  recordMailVisitLater(request, event);
  const serveStored = storedAnswersEnabled()
    ? (req: NextRequest, storable: StorableAnswer, host: string, canKeep: boolean) =>
        serveStoredAnswer(req, event, storable, host, canKeep, inProcessPages)
    : undefined;
  return routeBySite(request, getSiteHosts(), publicDecision, serveStored);
}

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!_next/static|_next/image).*)"],
};
