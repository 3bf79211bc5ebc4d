import { z } from "zod";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import { isAcceptableText } from "@/lib/core/input/text";
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX } from "./category-limits";

// What an editor may change on a category (/admin/categories/[id]): the German and English
// names, the German and English descriptions shown on the category pages, and whether the
// category is active. Slug, portal and place in the tree stay: links and archives hang on them.
// Pure, so the rules are tested without a server; German messages, shown under the fields.

const storable = (t: string) => isAcceptableText(t);
const STORABLE_MESSAGE = "Der Text enthält ein unzulässiges Steuerzeichen.";

const name = z
  .string()
  .trim()
  .min(1, "Bitte geben Sie einen Namen an.")
  .max(CATEGORY_NAME_MAX, `Höchstens ${CATEGORY_NAME_MAX} Zeichen.`)
  .refine(storable, STORABLE_MESSAGE)
  .refine((t) => !/[<>]/.test(t), "Spitze Klammern sind in Namen nicht möglich.");

/** Empty means "no description" (the page then shows none). */
const description = z
  .string()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, `Höchstens ${CATEGORY_DESCRIPTION_MAX} Zeichen.`)
  .refine(storable, STORABLE_MESSAGE)
  .transform((t) => (t === "" ? null : t.replace(/\s+/g, " ")));

export const CategoryInput = z.object({
  nameDe: name,
  nameEn: name,
  descriptionDe: description,
  descriptionEn: description,
  isActive: z.boolean(),
});
export type CategoryInput = z.output<typeof CategoryInput>;

export type CategoryFormResult = { ok: true; input: CategoryInput } | { ok: false; issues: Record<string, string> };

/** The edit form's fields (a surplus of characters is cut so the limit message still shows). */
export function parseCategoryForm(form: unknown): CategoryFormResult {
  const parsed = CategoryInput.safeParse({
    nameDe: formText(form, "nameDe", CATEGORY_NAME_MAX * 4),
    nameEn: formText(form, "nameEn", CATEGORY_NAME_MAX * 4),
    descriptionDe: formText(form, "descriptionDe", CATEGORY_DESCRIPTION_MAX * 4),
    descriptionEn: formText(form, "descriptionEn", CATEGORY_DESCRIPTION_MAX * 4),
    isActive: formHas(form, "isActive", "1"),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const issues: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    issues[field] ??= issue.message;
  }
  return { ok: false, issues };
}

/** An instant exactly as `Date.toISOString()` writes it: what the form's hidden field carries. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The version of the category the editor saw (its updated_at, carried by the form). Only the
 * exact form the page writes is read, so a missing, forged or lenient date ("1", "2026-03-04")
 * is null and the save is refused instead of skipping the check against a newer save.
 */
export function parseSeenVersion(form: unknown): Date | null {
  const raw = formText(form, "expectedUpdatedAt", 40);
  if (!ISO_INSTANT.test(raw)) return null;
  const seen = new Date(raw);
  return !Number.isNaN(seen.getTime()) && seen.toISOString() === raw ? seen : null;
}
