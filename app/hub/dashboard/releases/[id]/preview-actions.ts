"use server";

import { refresh } from "next/cache";
import {
  PREVIEW_CONFLICTS,
  PREVIEW_MESSAGES,
  previewValidUntil,
  readPreviewLinkForm,
  type PreviewLinkFormState,
} from "@/lib/adapters/dashboard/preview-links";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { parseRecordId } from "@/lib/core/input/ids";
import { requireUser } from "@/lib/domains/auth/session";
import { createPreviewLink } from "@/lib/domains/releases/previews/create-preview-link";
import { revokePreviewLink } from "@/lib/domains/releases/previews/revoke-preview-link";

// The release page's preview panel (docs/previews.md). Bound ids come back from the browser as
// it likes, so they are read like any input; lib/domains/releases/previews decides who may.

/** An error as the panel shows it: a conflict in its own words, field issues as the domain wrote them. */
function previewError(err: unknown, messages: Parameters<typeof actionError>[1] = PREVIEW_MESSAGES): ActionResult {
  const reason = err instanceof AppError && err.code === "conflict" ? String(err.details?.reason ?? "") : "";
  if (PREVIEW_CONFLICTS[reason]) return { ok: false, code: "conflict", message: PREVIEW_CONFLICTS[reason] };
  return actionError(err, messages);
}

const REVOKE_MESSAGES = { ...PREVIEW_MESSAGES, not_found: "Diesen Vorschau-Link gibt es nicht (mehr)." } as const;

// Create a preview link for one recipient; the link is in the answer, once.
export async function createPreviewLinkAction(
  releaseId: number,
  _prev: PreviewLinkFormState | null,
  form: FormData,
): Promise<PreviewLinkFormState> {
  const { user } = await requireUser();
  const values = readPreviewLinkForm(form);
  const id = parseRecordId(releaseId);
  if (id === null) return { ...previewError(notFound("Press release not found.")), values };
  const expiresAt = previewValidUntil(values.validUntil);
  if (expiresAt === "invalid")
    return {
      ok: false,
      code: "validation_failed",
      message: "Bitte prüfen Sie die markierten Felder.",
      issues: { expiresAt: "Bitte geben Sie Datum und Uhrzeit an, oder lassen Sie das Feld leer." },
      values,
    };
  try {
    const created = await createPreviewLink({
      userId: user.id,
      releaseId: id,
      recipientName: values.recipientName,
      recipientEmail: values.recipientEmail,
      outlet: values.outlet,
      expiresAt,
      mail: values.mail,
    });
    refresh();
    return {
      ok: true,
      message: values.mail
        ? `Vorschau-Link für ${created.link.recipientName} angelegt und per E-Mail gesendet.`
        : `Vorschau-Link für ${created.link.recipientName} angelegt.`,
      url: created.url,
    };
  } catch (err) {
    return { ...previewError(err), values };
  }
}

// Revoke one link of the release: it answers 410 from the next open on.
export async function revokePreviewLinkAction(releaseId: number, linkId: number): Promise<ActionResult> {
  const { user } = await requireUser();
  const release = parseRecordId(releaseId);
  const link = parseRecordId(linkId);
  if (release === null || link === null) return previewError(notFound("Preview link not found."), REVOKE_MESSAGES);
  try {
    await revokePreviewLink({ userId: user.id, releaseId: release, linkId: link });
    refresh();
    return { ok: true, message: "Link widerrufen. Wer ihn öffnet, sieht die Pressemitteilung nicht mehr." };
  } catch (err) {
    return previewError(err, REVOKE_MESSAGES);
  }
}
