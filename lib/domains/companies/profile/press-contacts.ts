import { recordProfileMaintenance } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { invalidatePublicTags, newsroomProfileTags } from "@/lib/domains/sites/public-tags";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError, notFound, type ValidationIssue } from "@/lib/core/errors/errors";
import { hasAddressShape } from "@/lib/core/input/email-address";
import { isAcceptableText } from "@/lib/core/input/text";
import { IMPLAUSIBLE_DOMAIN_FORM_MESSAGE, implausibleDomainIssues } from "@/lib/domains/mail/domain-checks/domain-issues";
import { hasPlausibleDomain } from "@/lib/domains/mail/domain-plausibility";
import { lockNewsroomForEdit } from "./lock-newsroom-for-edit";

// Press contacts of a newsroom (spec 2.2 `contacts`): several, one of them the default that
// presets the contact block of a new release. The partial unique index keeps it at one default.

export const MAX_CONTACTS = 20;
const PHONE = /^\+?[0-9 ()/.-]{4,40}$/;

export interface PressContactInput {
  name: string;
  email: string;
  phone: string;
  role: string;
}

async function parseContact(input: PressContactInput) {
  const issues: ValidationIssue[] = [];
  const name = input.name.trim().replace(/\s+/g, " ");
  const email = input.email.trim().toLowerCase();
  const phone = input.phone.trim();
  const role = input.role.trim();
  if (name.length < 2 || name.length > 120)
    issues.push({ path: "name", message: "Bitte geben Sie einen Namen an (höchstens 120 Zeichen)." });
  if (!hasAddressShape(email) || email.length > 320)
    issues.push({ path: "email", message: "Bitte geben Sie eine gültige E-Mail-Adresse an." });
  else if (!hasPlausibleDomain(email))
    issues.push({ path: "email", message: "Die Domain dieser Adresse gibt es nicht. Bitte prüfen Sie die Schreibweise." });
  else if ((await implausibleDomainIssues({ email })).length) issues.push({ path: "email", message: IMPLAUSIBLE_DOMAIN_FORM_MESSAGE });
  if (phone && !PHONE.test(phone))
    issues.push({ path: "phone", message: "Bitte geben Sie die Telefonnummer mit Ziffern an, z. B. +49 40 123456." });
  if (role.length > 80) issues.push({ path: "role", message: "Die Funktion ist zu lang (höchstens 80 Zeichen)." });
  for (const [path, value] of Object.entries(input))
    if (!isAcceptableText(String(value))) issues.push({ path, message: "Der Text enthält ein unzulässiges Steuerzeichen." });
  if (issues.length) throw new AppError("validation_failed", "The press contact has invalid fields.", undefined, issues);
  return { name, email, phone: phone || null, role: role || null };
}

async function contactOfCompany(tx: Tx, companyId: number, contactId: number) {
  const contact = await tx.contact.findFirst({ where: { id: contactId, companyId }, select: { id: true, isDefault: true } });
  if (!contact) throw notFound("Press contact not found.");
  return contact;
}

/** Adds a contact (the first one becomes the default) or changes one. */
export async function savePressContact(opts: {
  userId: number;
  companyId: number;
  contactId?: number;
  input: PressContactInput;
  makeDefault?: boolean;
}): Promise<{ contactId: number }> {
  const data = await parseContact(opts.input);
  const saved = await db.$transaction(async (tx) => {
    const company = await lockNewsroomForEdit(tx, opts.userId, opts.companyId);
    let id: number;
    if (opts.contactId) {
      id = (await contactOfCompany(tx, opts.companyId, opts.contactId)).id;
      await tx.contact.update({ where: { id }, data });
    } else {
      const count = await tx.contact.count({ where: { companyId: opts.companyId } });
      if (count >= MAX_CONTACTS) throw new AppError("conflict", `A newsroom keeps at most ${MAX_CONTACTS} press contacts.`);
      id = (await tx.contact.create({ data: { ...data, companyId: opts.companyId, isDefault: count === 0 }, select: { id: true } })).id;
    }
    if (opts.makeDefault) await makeDefault(tx, opts.companyId, id);
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: opts.contactId ? ACTIVITY.newsroomContactUpdated : ACTIVITY.newsroomContactAdded,
        subjectType: "company",
        subjectId: opts.companyId,
        metadata: { contactId: id },
      },
      tx,
    );
    await invalidatePublicTags(tx, newsroomProfileTags(company));
    return id;
  });
  await recordProfileMaintenance(opts.companyId, "contacts");
  return { contactId: saved };
}

async function makeDefault(tx: Tx, companyId: number, contactId: number) {
  // The old default is cleared first: the partial unique index allows one at a time.
  await tx.contact.updateMany({ where: { companyId, isDefault: true, id: { not: contactId } }, data: { isDefault: false } });
  await tx.contact.update({ where: { id: contactId }, data: { isDefault: true } });
}

export async function setDefaultPressContact(opts: { userId: number; companyId: number; contactId: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockNewsroomForEdit(tx, opts.userId, opts.companyId);
    await contactOfCompany(tx, opts.companyId, opts.contactId);
    await makeDefault(tx, opts.companyId, opts.contactId);
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: ACTIVITY.newsroomContactDefault,
        subjectType: "company",
        subjectId: opts.companyId,
        metadata: { contactId: opts.contactId },
      },
      tx,
    );
  });
}

/** Removes a contact; when it was the default, the oldest remaining one takes over. */
export async function deletePressContact(opts: { userId: number; companyId: number; contactId: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const company = await lockNewsroomForEdit(tx, opts.userId, opts.companyId);
    const contact = await contactOfCompany(tx, opts.companyId, opts.contactId);
    await tx.contact.delete({ where: { id: contact.id } });
    if (contact.isDefault) {
      const next = await tx.contact.findFirst({ where: { companyId: opts.companyId }, orderBy: { id: "asc" }, select: { id: true } });
      if (next) await tx.contact.update({ where: { id: next.id }, data: { isDefault: true } });
    }
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: ACTIVITY.newsroomContactRemoved,
        subjectType: "company",
        subjectId: opts.companyId,
        metadata: { contactId: contact.id },
      },
      tx,
    );
    await invalidatePublicTags(tx, newsroomProfileTags(company));
  });
}
