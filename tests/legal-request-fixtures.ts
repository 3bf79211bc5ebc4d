import { db } from "@/lib/core/db/client";
import type { LegalRequestStatus, LegalRequestTrack, Prisma } from "@/lib/generated/prisma/client";
import { seedRelease, seedUser, unique } from "./factories";
import { GOOD_BODY, seedAdmin, seedNewsroom } from "./release-fixtures";

// Legal-request scenarios (spec 4.4): a published release of a newsroom, a request about it in a
// given status, and editors with and without compliance:manage.

export const complianceAdmin = () => seedAdmin(["compliance:manage"]);

/**
 * A published release as the public sees it: published, its time come, published_ever_at set;
 * a day ago unless `publishedAt` says when (a test that acts at a fixed time publishes before it).
 */
export async function seedPublishedRelease(
  opts: { data?: Partial<Prisma.PressReleaseUncheckedCreateInput>; portal?: "business" | "tech"; publishedAt?: Date } = {},
) {
  const { owner, company } = await seedNewsroom({ portal: opts.portal ?? "business" });
  const publishedAt = opts.publishedAt ?? new Date(Date.now() - 86_400_000);
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    portal: opts.portal ?? "business",
    status: "published",
    publishedAt,
    publishedEverAt: publishedAt,
    contentChangedAt: publishedAt,
    title: `Neues Werk in Brandenburg ${unique("t")}`,
    body: GOOD_BODY,
    ...opts.data,
  });
  return { owner, company, release };
}

/** A request in `status`; the requester is the newsroom's owner (a customer track) unless the form filed it. */
export async function seedLegalRequest(opts: {
  track: LegalRequestTrack;
  status?: LegalRequestStatus;
  releaseId?: number | null;
  requesterUserId?: number | null;
  data?: Partial<Prisma.LegalRequestUncheckedCreateInput>;
}) {
  const requester = opts.requesterUserId === undefined ? await seedUser({ name: "Erika Muster" }) : null;
  const requesterUserId = opts.requesterUserId === undefined ? requester!.id : opts.requesterUserId;
  const email =
    requester?.email ??
    (requesterUserId ? (await db.user.findUniqueOrThrow({ where: { id: requesterUserId } })).email : `${unique("leser")}@example.test`);
  return db.legalRequest.create({
    data: {
      track: opts.track,
      source: requesterUserId ? "customer" : "form",
      status: opts.status ?? "received",
      pressReleaseId: opts.releaseId ?? null,
      requesterUserId,
      requesterName: "Erika Muster",
      requesterEmail: email,
      body: "Bitte prüfen Sie diese Pressemitteilung.",
      ...opts.data,
    },
  });
}

export const eventsOf = (legalRequestId: number) => db.legalRequestEvent.findMany({ where: { legalRequestId }, orderBy: { id: "asc" } });
