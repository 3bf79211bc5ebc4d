"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/domains/auth/session";
import { coerceNewsroomForm } from "@/lib/domains/companies/profile/newsroom-fields";
import { createNewsroom } from "@/lib/domains/companies/profile/create-newsroom";
import { updateNewsroomProfile } from "@/lib/domains/companies/profile/update-newsroom-profile";
import { removeNewsroomLogo, replaceNewsroomLogo } from "@/lib/domains/companies/profile/replace-newsroom-logo";
import { deletePressContact, savePressContact, setDefaultPressContact } from "@/lib/domains/companies/profile/press-contacts";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import { parseRecordId } from "@/lib/core/input/ids";
import { AppError } from "@/lib/core/errors/errors";

const NEWSROOM_MESSAGES = {
  not_found: "Diesen Newsroom gibt es nicht (mehr).",
  rate_limited: "Sie haben heute schon viele Newsrooms angelegt. Bitte versuchen Sie es morgen wieder.",
} as const;
const fail = (err: unknown): ActionResult => actionError(err, NEWSROOM_MESSAGES);
const unknownNewsroom = () => fail(new AppError("not_found", "Newsroom not found."));

// Onboarding step 1: the new newsroom continues on its own page with the next steps.
export async function createNewsroomAction(_prev: ActionResult | null, values: unknown): Promise<ActionResult> {
  const { user } = await requireUser();
  let created: { companyId: number };
  try {
    created = await createNewsroom({ userId: user.id, values: coerceNewsroomForm(values) });
  } catch (err) {
    return fail(err);
  }
  redirect(`/dashboard/newsrooms/${created.companyId}?willkommen=1`);
}

export async function updateNewsroomAction(companyId: number, _prev: ActionResult | null, values: unknown): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(companyId);
  if (id === null) return unknownNewsroom();
  try {
    const { changed } = await updateNewsroomProfile({ userId: user.id, companyId: id, values: coerceNewsroomForm(values) });
    refresh();
    return {
      ok: true,
      message: changed.length ? "Profil gespeichert. Die öffentlichen Seiten zeigen es in wenigen Sekunden." : "Keine Änderungen.",
    };
  } catch (err) {
    return fail(err);
  }
}

export async function uploadLogoAction(companyId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  const file = form instanceof FormData ? form.get("logo") : null;
  const id = parseRecordId(companyId);
  if (id === null) return unknownNewsroom();
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, message: "Bitte wählen Sie eine Bilddatei.", issues: { logo: "Bitte wählen Sie eine Bilddatei." } };
  try {
    await replaceNewsroomLogo({ userId: user.id, companyId: id, bytes: new Uint8Array(await file.arrayBuffer()) });
  } catch (err) {
    // A failed storage write is the logo field's problem, not an error page (spec 7).
    if (err instanceof AppError && err.issues?.length)
      return { ok: false, message: err.issues[0]!.message, issues: { logo: err.issues[0]!.message } };
    return fail(err);
  }
  refresh();
  return { ok: true, message: "Logo gespeichert." };
}

export async function removeLogoAction(companyId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(companyId);
  if (id === null) return unknownNewsroom();
  try {
    await removeNewsroomLogo({ userId: user.id, companyId: id });
  } catch (err) {
    return fail(err);
  }
  refresh();
  return { ok: true, message: "Logo entfernt." };
}

export async function saveContactAction(
  companyId: number,
  contactId: number | null,
  _prev: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(companyId);
  if (id === null) return unknownNewsroom();
  // No contact id (or none that names anything): a new contact.
  const existing = parseRecordId(contactId);
  const input = {
    name: formText(form, "name", 200),
    email: formText(form, "email", 320),
    phone: formText(form, "phone", 60),
    role: formText(form, "role", 120),
  };
  try {
    await savePressContact({
      userId: user.id,
      companyId: id,
      ...(existing !== null ? { contactId: existing } : {}),
      input,
      makeDefault: formHas(form, "isDefault", "on"),
    });
  } catch (err) {
    return fail(err);
  }
  refresh();
  return { ok: true, message: contactId ? "Pressekontakt gespeichert." : "Pressekontakt hinzugefügt." };
}

export async function deleteContactAction(
  companyId: number,
  contactId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(companyId);
  const contact = parseRecordId(contactId);
  if (id === null || contact === null) return unknownNewsroom();
  try {
    await deletePressContact({ userId: user.id, companyId: id, contactId: contact });
  } catch (err) {
    return fail(err);
  }
  refresh();
  return { ok: true, message: "Pressekontakt entfernt." };
}

export async function defaultContactAction(
  companyId: number,
  contactId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(companyId);
  const contact = parseRecordId(contactId);
  if (id === null || contact === null) return unknownNewsroom();
  try {
    await setDefaultPressContact({ userId: user.id, companyId: id, contactId: contact });
  } catch (err) {
    return fail(err);
  }
  refresh();
  return { ok: true, message: "Standardkontakt geändert." };
}
