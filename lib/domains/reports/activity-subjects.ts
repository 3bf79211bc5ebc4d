import { db } from "@/lib/core/db/client";
import { parseRecordId } from "@/lib/core/input/ids";

// What an activity entry is about, readable: "Pressemitteilung „Titel“" instead of
// press_release 4711, with a link where the admin area has a page for it. Looked up for the
// rows of one page only, one query per kind.

export const SUBJECT_TYPE_LABELS: Record<string, string> = {
  press_release: "Pressemitteilung",
  press_release_image: "Bild",
  press_release_change: "Änderung",
  company: "Newsroom",
  company_email_group: "Adressgruppe",
  user: "Konto",
  passkey: "Passkey",
  oauth_account: "Drittanbieter-Konto",
  invoice: "Rechnung",
  legacy_invoice: "Altrechnung",
  agreement: "Vereinbarung",
  checkout: "Kauf",
  legal_request: "Rechtliches Anliegen",
  contact_message: "Kontaktanfrage",
  newsletter_campaign: "Newsletter",
  newsletter_subscriber: "Newsletter-Abonnement",
};

/** Admin pages that show one subject by id (the named ones below get their name as well). */
const DETAIL_PAGES: Record<string, string> = { legal_request: "/admin/legal", contact_message: "/admin/contact" };

export interface SubjectView {
  kind: string;
  /** The subject's own name (a title, a newsroom, an address), where one was found. */
  name: string | null;
  href: string | null;
}

const key = (type: string, id: string) => `${type}:${id}`;

function idsOf(rows: { subjectType: string | null; subjectId: string | null }[], type: string): number[] {
  return [
    ...new Set(
      rows
        .filter((r) => r.subjectType === type)
        .map((r) => parseRecordId(r.subjectId))
        .filter((id): id is number => id !== null),
    ),
  ];
}

/** The subjects of a page's rows, keyed "type:id". */
export async function loadSubjectViews(
  rows: { subjectType: string | null; subjectId: string | null }[],
): Promise<Map<string, SubjectView>> {
  const views = new Map<string, SubjectView>();
  for (const r of rows) {
    if (!r.subjectType || r.subjectId === null) continue;
    const page = DETAIL_PAGES[r.subjectType];
    const id = parseRecordId(r.subjectId);
    views.set(key(r.subjectType, r.subjectId), {
      kind: SUBJECT_TYPE_LABELS[r.subjectType] ?? r.subjectType,
      name: null,
      href: page && id ? `${page}/${id}` : null,
    });
  }
  const name = (type: string, id: number, label: string, href: string | null) => {
    const v = views.get(key(type, String(id)));
    if (v) Object.assign(v, { name: label, href });
  };
  const releases = idsOf(rows, "press_release");
  const companies = idsOf(rows, "company");
  const users = idsOf(rows, "user");
  const invoices = idsOf(rows, "invoice");
  // One after another: the embedded database has one connection.
  if (releases.length)
    for (const r of await db.pressRelease.findMany({ where: { id: { in: releases } }, select: { id: true, title: true } }))
      name("press_release", r.id, r.title, `/admin/releases/${r.id}`);
  if (companies.length)
    for (const c of await db.company.findMany({ where: { id: { in: companies } }, select: { id: true, name: true } }))
      name("company", c.id, c.name, `/admin/companies/${c.id}`);
  if (users.length)
    for (const u of await db.user.findMany({ where: { id: { in: users } }, select: { id: true, email: true } }))
      name("user", u.id, u.email, `/admin/users/${u.id}`);
  if (invoices.length)
    for (const i of await db.invoice.findMany({ where: { id: { in: invoices } }, select: { id: true, number: true } }))
      name("invoice", i.id, i.number, `/admin/payments?status=all&q=${encodeURIComponent(i.number)}`);
  return views;
}

export function subjectKey(row: { subjectType: string | null; subjectId: string | null }): string | null {
  return row.subjectType && row.subjectId !== null ? key(row.subjectType, row.subjectId) : null;
}
