import type { Prisma } from "@/lib/generated/prisma/client";
import { decidePreview, previewLinkState, type PreviewLinkState, type PreviewReleaseFacts } from "./preview-state";

// A preview link as its sender sees it in the dashboard: recipient, state and the access log
// (how often, first and last open; never from where). The token is not among it: only its hash
// is stored.

export const previewLinkSelect = {
  id: true,
  pressReleaseId: true,
  recipientName: true,
  recipientEmail: true,
  outlet: true,
  expiresAt: true,
  revokedAt: true,
  endedAt: true,
  mailedAt: true,
  createdAt: true,
  opens: true,
  firstOpenedAt: true,
  lastOpenedAt: true,
} as const satisfies Prisma.PreviewLinkSelect;

type PreviewLinkRow = Prisma.PreviewLinkGetPayload<{ select: typeof previewLinkSelect }>;

export interface PreviewLinkView extends PreviewLinkRow {
  state: PreviewLinkState;
}

/** The row with its state now; `isPubliclyVisible` is the release's, asked once per list. */
export function previewLinkView(row: PreviewLinkRow, release: PreviewReleaseFacts, isPubliclyVisible: boolean, now: Date): PreviewLinkView {
  return { ...row, state: previewLinkState(decidePreview(row, release, isPubliclyVisible, now)) };
}
