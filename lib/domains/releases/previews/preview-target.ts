import type { DbOrTx } from "@/lib/core/db/client";
import { isPubliclyVisibleRelease } from "../visibility";
import { decidePreview, type PreviewDecision } from "./preview-state";
import { hashPreviewToken, isWellFormedPreviewToken } from "./preview-token";

// A link and its release as an open reads them: the facts the decision needs and what the page
// shows. Both the page (under its locks) and the image route read through here.

const targetSelect = {
  id: true,
  recipientName: true,
  outlet: true,
  revokedAt: true,
  expiresAt: true,
  endedAt: true,
  pressRelease: {
    select: {
      id: true,
      portal: true,
      language: true,
      slug: true,
      status: true,
      scheduledAt: true,
      publishedAt: true,
      reviewFlaggedAt: true,
      deletedAt: true,
      goneAt: true,
      title: true,
      lead: true,
      location: true,
      body: true,
      contactName: true,
      contactEmail: true,
      contactPhone: true,
      company: { select: { name: true, deletedAt: true, goneAt: true } },
      category: { select: { nameDe: true, nameEn: true } },
    },
  },
} as const;

export interface PreviewTarget {
  link: { id: number; recipientName: string; outlet: string; expiresAt: Date | null };
  release: {
    id: number;
    portal: "business" | "tech";
    language: "de" | "en";
    slug: string;
    title: string;
    lead: string | null;
    location: string | null;
    body: string;
    contactName: string | null;
    contactEmail: string | null;
    contactPhone: string | null;
    newsroomName: string;
    categoryName: string | null;
  };
  decision: PreviewDecision;
}

/** The id and release of the link behind a token, or null for a token that names none. */
export async function previewLinkOfToken(client: DbOrTx, token: string): Promise<{ id: number; pressReleaseId: number } | null> {
  if (!isWellFormedPreviewToken(token)) return null;
  return client.previewLink.findUnique({ where: { tokenHash: hashPreviewToken(token) }, select: { id: true, pressReleaseId: true } });
}

/** The link with its release and what it does at `now`; null when the link is gone from the table. */
export async function previewTargetOf(client: DbOrTx, linkId: number, now: Date): Promise<PreviewTarget | null> {
  const row = await client.previewLink.findUnique({ where: { id: linkId }, select: targetSelect });
  if (!row) return null;
  const r = row.pressRelease;
  const isPublic = await isPubliclyVisibleRelease(client, r.id, now);
  return {
    link: { id: row.id, recipientName: row.recipientName, outlet: row.outlet, expiresAt: row.expiresAt },
    release: {
      id: r.id,
      portal: r.portal,
      language: r.language,
      slug: r.slug,
      title: r.title,
      lead: r.lead,
      location: r.location,
      body: r.body,
      contactName: r.contactName,
      contactEmail: r.contactEmail,
      contactPhone: r.contactPhone,
      newsroomName: r.company.name,
      categoryName: r.category ? (r.language === "de" ? r.category.nameDe : r.category.nameEn) : null,
    },
    decision: decidePreview(row, r, isPublic, now),
  };
}
