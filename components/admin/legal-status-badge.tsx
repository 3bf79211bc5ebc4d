import type { LegalRequestStatus } from "@/lib/generated/prisma/enums";
import { STATUS } from "./legal-labels";

/** A request's status, colour-coded like the release statuses (styles in app/globals.css). */
export function LegalStatusBadge({ status }: { status: LegalRequestStatus }) {
  return <span className={`badge legal-status-${status}`}>{STATUS[status]}</span>;
}
