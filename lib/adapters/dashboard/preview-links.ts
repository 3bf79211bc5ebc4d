import { AppError } from "@/lib/core/errors/errors";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import { berlinLocalToDate } from "@/lib/core/time/berlin-time";
import { listPreviewLinks, type PreviewLinkList } from "@/lib/domains/releases/previews/list-preview-links";
import { PREVIEW_LIMITS } from "@/lib/domains/releases/previews/preview-input";
import type { PreviewLinkState } from "@/lib/domains/releases/previews/preview-state";

// What the release page's preview panel shows and sends (docs/previews.md): the release's links
// with their states and access log, the creation form's fields read from FormData, and German
// labels. Who may do what is decided in lib/domains/releases/previews.

/** The panel's data, or null where it has nothing to show: no right to the links, or none made and none possible. */
export async function previewLinksPanel(userId: number, releaseId: number): Promise<PreviewLinkList | null> {
  try {
    const list = await listPreviewLinks({ userId, releaseId });
    return list.canCreate || list.links.length ? list : null;
  } catch (err) {
    // Members and strangers see no panel; the page decides what they may see of the release.
    if (err instanceof AppError && (err.code === "forbidden" || err.code === "not_found")) return null;
    throw err;
  }
}

export const PREVIEW_STATE_LABELS: Record<PreviewLinkState, { label: string; tone: "success" | "muted" | "warning" | "neutral" }> = {
  active: { label: "Aktiv", tone: "success" },
  revoked: { label: "Widerrufen", tone: "muted" },
  expired: { label: "Abgelaufen", tone: "warning" },
  ended: { label: "Beendet", tone: "neutral" },
};

export interface PreviewLinkFormValues {
  recipientName: string;
  recipientEmail: string;
  outlet: string;
  /** datetime-local in Berlin time, "" for none. */
  validUntil: string;
  mail: boolean;
}

export interface PreviewLinkFormState extends ActionResult {
  /** The new link, shown this once. */
  url?: string;
  values?: PreviewLinkFormValues;
}

/** The creation form's fields; a request without a form reads as empty fields. */
export function readPreviewLinkForm(form: unknown): PreviewLinkFormValues {
  return {
    recipientName: formText(form, "recipientName", PREVIEW_LIMITS.nameMax + 50),
    recipientEmail: formText(form, "recipientEmail", PREVIEW_LIMITS.emailMax + 50),
    outlet: formText(form, "outlet", PREVIEW_LIMITS.outletMax + 50),
    validUntil: formText(form, "validUntil", 40),
    mail: formHas(form, "mail", "1"),
  };
}

/** "gültig bis" as an instant: null when left empty, "invalid" when it names no time. */
export function previewValidUntil(value: string): Date | null | "invalid" {
  if (!value.trim()) return null;
  return berlinLocalToDate(value.trim()) ?? "invalid";
}

/** Form messages of the preview actions, per code and, for a conflict, per reason. */
export const PREVIEW_MESSAGES = {
  not_found: "Diese Pressemitteilung gibt es nicht (mehr).",
  forbidden: "Vorschau-Links verwalten die Inhaberinnen und Inhaber sowie die Verantwortlichen des Newsrooms.",
  rate_limited: "Sie haben in kurzer Zeit viele Vorschau-Links angelegt. Bitte warten Sie etwas und versuchen Sie es dann erneut.",
} as const;

export const PREVIEW_CONFLICTS: Record<string, string> = {
  not_previewable: "Vorschau-Links gibt es nur, solange die Pressemitteilung in Prüfung oder geplant ist.",
  too_many_links: `Eine Pressemitteilung hat höchstens ${PREVIEW_LIMITS.perRelease} Vorschau-Links.`,
};
