"use server";

import { refresh } from "next/cache";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { parseCategoryForm, parseSeenVersion } from "@/lib/domains/categories/category-input";
import { updateCategory } from "@/lib/domains/categories/update-category";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { parseRecordId } from "@/lib/core/input/ids";

// "Speichern" on /admin/categories/[id]. The session is checked here; press-releases:publish
// inside the domain's transaction, so a refusal is a form message (spec 7).

const MESSAGES = {
  not_found: "Diese Kategorie gibt es nicht (mehr).",
  conflict:
    "Die Kategorie wurde inzwischen von jemand anderem geändert. Laden Sie die Seite neu; Ihre Eingaben bleiben bis dahin hier stehen.",
  stale: "Die Seite ist nicht mehr aktuell. Laden Sie sie neu und speichern Sie dann noch einmal.",
} as const;

const FIELD_NAMES: Record<string, string> = {
  nameDe: "Name (Deutsch)",
  nameEn: "Name (Englisch)",
  descriptionDe: "Beschreibung (Deutsch)",
  descriptionEn: "Beschreibung (Englisch)",
  isActive: "Aktiv",
};

export async function saveCategory(categoryId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(categoryId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  const parsed = parseCategoryForm(form);
  if (!parsed.ok) return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", issues: parsed.issues };
  // The version the editor saw is required: without it a save would silently undo a newer one.
  const seen = parseSeenVersion(form);
  if (!seen) return { ok: false, message: MESSAGES.stale };
  try {
    const { changed } = await updateCategory({ adminUserId: user.id, categoryId: id, input: parsed.input, expectedUpdatedAt: seen });
    refresh();
    return changed.length
      ? {
          ok: true,
          message: `Gespeichert: ${changed.map((f) => FIELD_NAMES[f]).join(", ")}. Die Portalseiten zeigen die Änderung in wenigen Sekunden.`,
        }
      : { ok: true, message: "Es gab nichts zu ändern." };
  } catch (err) {
    const { detail: _english, ...result } = actionError(err, MESSAGES);
    return result;
  }
}
