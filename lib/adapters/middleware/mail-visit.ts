import type { NextFetchEvent, NextRequest } from "next/server";
import { mailVisitOf, recordMailVisit } from "@/lib/domains/analytics/mail-visits";
import { clientKeyOf } from "@/lib/core/security/client-ip";

/** A page opened through a mail link is recorded after the response is sent: it never slows the page. */
export function recordMailVisitLater(request: NextRequest, event: NextFetchEvent): void {
  if (request.method !== "GET") return;
  const visit = mailVisitOf(request.nextUrl);
  if (!visit) return;
  const clientKey = clientKeyOf(request.headers);
  const userAgent = request.headers.get("user-agent");
  event.waitUntil(recordMailVisit(visit, { clientKey, userAgent }).catch(() => false));
}
