import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createPreviewLink, type CreatePreviewLinkOptions } from "@/lib/domains/releases/previews/create-preview-link";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { seedRelease, seedUser, unique } from "./factories";
import { GOOD_BODY, seedNewsroom } from "./release-fixtures";

// Preview links (docs/previews.md): a newsroom with an owner, a responsible and a member, an
// owner of another newsroom, and a release on its way to publication.

export const RECIPIENT = { recipientName: "Jana Beispiel", recipientEmail: "jana.beispiel@tagesblatt.example", outlet: "Tagesblatt" };

export async function previewWorld(release: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) {
  const { owner, company } = await seedNewsroom();
  const responsible = await seedUser();
  const member = await seedUser();
  await db.companyUser.createMany({
    data: [
      { companyId: company.id, userId: responsible.id, role: "responsible", grantedVia: "manual" },
      { companyId: company.id, userId: member.id, role: "member", grantedVia: "manual" },
    ],
  });
  const other = await seedNewsroom();
  const category = await db.category.create({
    data: { portal: "business", slug: unique("vorschau"), nameDe: "Energie", nameEn: "Energy" },
  });
  const row = await seedRelease({
    title: `Werk in Brandenburg eröffnet ${unique("t")}`,
    lead: "Die Beispiel AG baut 250 Arbeitsplätze auf.",
    body: GOOD_BODY,
    location: "Berlin",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.example",
    companyId: company.id,
    categoryId: category.id,
    authorUserId: owner.id,
    status: "in_review",
    ...release,
  });
  await syncSearchMirror(db, row.id);
  return { owner, responsible, member, outsider: other.owner, company, otherCompany: other.company, category, release: row };
}

/** A link made the way the dashboard makes it. */
export function makeLink(userId: number, releaseId: number, extra: Partial<CreatePreviewLinkOptions> = {}) {
  return createPreviewLink({ userId, releaseId, ...RECIPIENT, ...extra });
}

export const opensOf = async (linkId: number) => ({
  link: await db.previewLink.findUniqueOrThrow({ where: { id: linkId }, select: { opens: true, firstOpenedAt: true, lastOpenedAt: true } }),
  rows: await db.previewLinkOpen.count({ where: { previewLinkId: linkId } }),
});
