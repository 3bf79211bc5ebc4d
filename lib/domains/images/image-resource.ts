import type { Prisma } from "@/lib/generated/prisma/client";
import { creditLine, type AiDeclaration } from "./credit";
import { isPubliclyDeliverable, deliverabilitySelect } from "./deliverable";

export interface ImageWarning {
  code: string;
  message: string;
}

/**
 * Where an image stands for the people who manage it. `public` is isPubliclyDeliverable; the
 * others say what still keeps it from the public.
 */
export type ImageStatus = "public" | "removed" | "withheld" | "under_review" | "awaiting_owner_confirmation" | "awaiting_confirmation";

/** An image as the API and the dashboard show it (spec 4.2: label, statement, provenance, confirmation, warnings). */
export interface ImageResource {
  id: number;
  releaseId: number;
  position: number;
  isCover: boolean;
  alt: string | null;
  customerStatement: string | null;
  portalLabel: string | null;
  credit: string;
  aiDeclaration: AiDeclaration | null;
  provenance: { finding: string | null; details: Record<string, string> };
  confirmation: { textVersion: string; confirmedAt: string } | null;
  precheck: { outcome: string | null; reasons: { code: string; message: string }[]; note: string | null };
  status: ImageStatus;
  formVersion: "v1" | "v2";
  uploadedByAdmin: boolean;
  width: number;
  height: number;
  focusX: number;
  focusY: number;
  noCrop: boolean;
  createdAt: string;
}

export const imageResourceSelect = {
  ...deliverabilitySelect,
  id: true,
  pressReleaseId: true,
  position: true,
  isCover: true,
  alt: true,
  customerStatement: true,
  portalLabel: true,
  provenanceFinding: true,
  provenanceDetails: true,
  precheckOutcome: true,
  precheckReasons: true,
  precheckSnapshot: true,
  width: true,
  height: true,
  focusX: true,
  focusY: true,
  noCrop: true,
  createdAt: true,
  confirmations: { select: { imageSha256: true, legalTextKey: true, confirmedAt: true }, orderBy: { confirmedAt: "desc" } },
} satisfies Prisma.PressReleaseImageSelect;

export type ImageResourceRow = Prisma.PressReleaseImageGetPayload<{ select: typeof imageResourceSelect }>;

export function imageStatus(row: ImageResourceRow): ImageStatus {
  if (row.deletedAt) return "removed";
  if (row.withheldAt) return "withheld";
  if (row.precheckWithheldAt) return "under_review";
  if (row.uploadedByAdmin && !row.ownerConfirmedAt) return "awaiting_owner_confirmation";
  return isPubliclyDeliverable(row) ? "public" : "awaiting_confirmation";
}

function stringRecord(json: unknown): Record<string, string> {
  if (!json || typeof json !== "object" || Array.isArray(json)) return {};
  return Object.fromEntries(Object.entries(json).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function reasonsOf(json: unknown): { code: string; message: string }[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((r) =>
    r && typeof r === "object" && typeof r.code === "string" && typeof r.message === "string" ? [{ code: r.code, message: r.message }] : [],
  );
}

export function toImageResource(row: ImageResourceRow, aiDeclaration: AiDeclaration | null): ImageResource {
  const confirmation = row.confirmations.find((c) => c.imageSha256 === row.bytesSha256) ?? null;
  const snapshot = row.precheckSnapshot as { note?: unknown } | null;
  return {
    id: row.id,
    releaseId: row.pressReleaseId,
    position: row.position,
    isCover: row.isCover,
    alt: row.alt,
    customerStatement: row.customerStatement,
    portalLabel: row.portalLabel,
    credit: creditLine(row),
    aiDeclaration,
    provenance: { finding: row.provenanceFinding, details: stringRecord(row.provenanceDetails) },
    confirmation: confirmation ? { textVersion: confirmation.legalTextKey, confirmedAt: confirmation.confirmedAt.toISOString() } : null,
    precheck: {
      outcome: row.precheckOutcome,
      reasons: reasonsOf(row.precheckReasons),
      note: typeof snapshot?.note === "string" ? snapshot.note : null,
    },
    status: imageStatus(row),
    formVersion: row.formVersion,
    uploadedByAdmin: row.uploadedByAdmin,
    width: row.width,
    height: row.height,
    focusX: row.focusX,
    focusY: row.focusY,
    noCrop: row.noCrop,
    createdAt: row.createdAt.toISOString(),
  };
}
