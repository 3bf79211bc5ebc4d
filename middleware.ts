import type { NextFetchEvent, NextRequest } from "next/server";
import { recordMailVisitLater } from "@/lib/middleware/mail-visit";
import { routeBySite } from "@/lib/middleware/site-routing";
import { publicDecision } from "@/lib/public/tombstone-index";
import { getSiteHosts } from "@/lib/sites/hosts";

// Only dispatches; each concern lives in its own module under lib/middleware.
export function middleware(request: NextRequest, event: NextFetchEvent) {
  recordMailVisitLater(request, event);
  return routeBySite(request, getSiteHosts(), publicDecision);
}

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!_next/static|_next/image).*)"],
};
