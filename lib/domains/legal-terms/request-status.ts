import type { LegalRequestStatus, LegalRequestTrack } from "@/lib/generated/prisma/client";

// The status machine of a legal request (spec 4.4; docs/legal.md "Deciding and executing"):
// received → in_review → approved | rejected, approved → executed; the requester may withdraw
// while nothing is decided. Every step is one named function in this folder; this table is the
// one place that says which step leaves which status.

export const LEGAL_REQUEST_STEPS = {
  start_review: { from: ["received"], to: "in_review" },
  approve: { from: ["in_review"], to: "approved" },
  reject: { from: ["in_review"], to: "rejected" },
  execute: { from: ["approved"], to: "executed" },
  withdraw: { from: ["received", "in_review"], to: "withdrawn" },
} as const satisfies Record<string, { from: readonly LegalRequestStatus[]; to: LegalRequestStatus }>;

export type LegalRequestStep = keyof typeof LEGAL_REQUEST_STEPS;

export function canTakeStep(status: LegalRequestStatus, step: LegalRequestStep): boolean {
  return (LEGAL_REQUEST_STEPS[step].from as readonly LegalRequestStatus[]).includes(status);
}

/** Statuses an editor still has to act on (the queue's default view). */
export const OPEN_STATUSES = ["received", "in_review", "approved"] as const satisfies readonly LegalRequestStatus[];

/** The customer's four tracks (request modal); each names its own measure. */
export const CUSTOMER_TRACKS = ["correction", "change", "redaction", "depublication"] as const satisfies readonly LegalRequestTrack[];

/** The kinds the public form stores; the editor links the release and chooses the measure. */
export const PUBLIC_KINDS = ["report", "dsgvo", "personal_rights"] as const satisfies readonly LegalRequestTrack[];

/**
 * What executing a request does to the release concerned:
 * - `text`: the release's title, lead and text become the wording the editor settles on;
 * - `redact`: passages are removed (lib/domains/legal/requests/redaction.ts), each marked "[entfernt]";
 * - `depublish`: the release leaves every public surface (moveRelease "depublish");
 * - `none`: nothing changes on the release; the note says why (e.g. a DSGVO access request).
 */
export const MEASURES = ["text", "redact", "depublish", "none"] as const;
export type Measure = (typeof MEASURES)[number];

export function isMeasure(value: unknown): value is Measure {
  return typeof value === "string" && (MEASURES as readonly string[]).includes(value);
}

/** The measures an editor may choose for a track: a customer's track names its one measure. */
export function measuresFor(track: LegalRequestTrack): readonly Measure[] {
  switch (track) {
    case "correction":
    case "change":
      return ["text"];
    case "redaction":
      return ["redact"];
    case "depublication":
      return ["depublish"];
    case "report":
    case "dsgvo":
    case "personal_rights":
      return ["depublish", "redact", "none"];
  }
}
