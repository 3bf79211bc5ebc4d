import { liftAutoGrantBlock } from "./team/auto-grant-blocks";
import { recordActivity } from "@/lib/activity/record-activity";
import { ACTIVITY } from "@/lib/activity/types";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError, forbidden, notFound } from "@/lib/http/errors";
import { isRecordId } from "@/lib/input/ids";

// ApiNewsroomAssignment (spec 5.13): a person with an account is attached to an EXISTING
// newsroom through the API, as company_user with granted_via = api.
//
// Who may attach: a member of that newsroom in any role (owner, responsible, member), or an
// account listed in NEWSROOM_API_ASSIGNMENT_USER_IDS (an integration partner working for many
// newsrooms). Nobody else, super-admins included: the API acts for customers, not staff.
// Which role: `member` by default; `responsible` only when the caller is an owner of the
// newsroom (it can edit the profile and every release, so only who could grant it in the
// dashboard grants it here). Never `owner`: ownership carries billing and the image-rights
// confirmation and is handed over by a person, not a token.
// Whom: an active account whose address is confirmed. An unconfirmed account may have been
// opened by anyone under someone else's address; attaching it would hand the newsroom to them.

export type ApiAssignableRole = "member" | "responsible";

export interface ApiNewsroomMembership {
  id: number;
  companyId: number;
  email: string;
  role: ApiAssignableRole;
  createdAt: Date;
}

export async function assignNewsroomMemberByApi(opts: { callerUserId: number; companyId: number; email: string; role: ApiAssignableRole }): Promise<ApiNewsroomMembership> {
  if (!isRecordId(opts.companyId)) throw notFound("Newsroom not found.");
  const email = opts.email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    // Locked: two attaches of one person at once end as one row and one 409, never a 500.
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM companies WHERE id = ${opts.companyId} AND deleted_at IS NULL FOR UPDATE`;
    if (!locked.length) throw notFound("Newsroom not found.");
    const company = await tx.company.findUniqueOrThrow({ where: { id: opts.companyId }, select: { id: true, goneAt: true, mergedIntoCompanyId: true } });

    const caller = await tx.companyUser.findUnique({ where: { companyId_userId: { companyId: company.id, userId: opts.callerUserId } }, select: { role: true } });
    const isListed = getConfig().auth.newsroomApiAssignmentUserIds.includes(opts.callerUserId);
    if (!caller && !isListed) throw forbidden("You can attach people only to a newsroom you belong to.");
    if (opts.role === "responsible" && caller?.role !== "owner") throw forbidden("Only an owner of the newsroom can attach someone as responsible.");
    if (company.mergedIntoCompanyId) throw new AppError("conflict", "This newsroom was merged into another one; attach people there.", { mergedIntoNewsroomId: company.mergedIntoCompanyId });
    if (company.goneAt) throw new AppError("conflict", "This newsroom has been removed.");

    const person = await tx.user.findFirst({ where: { email, isActive: true, deletedAt: null, emailVerifiedAt: { not: null } }, select: { id: true, email: true } });
    if (!person) throw notFound("There is no account with a confirmed address for this e-mail.");
    const existing = await tx.companyUser.findUnique({ where: { companyId_userId: { companyId: company.id, userId: person.id } }, select: { role: true } });
    if (existing) throw new AppError("conflict", "This person is already a member of the newsroom.", { role: existing.role });

    await liftAutoGrantBlock(tx, company.id, person.email);
    const row = await tx.companyUser.create({ data: { companyId: company.id, userId: person.id, role: opts.role, grantedVia: "api" }, select: { id: true, createdAt: true } });
    await recordActivity({ actorUserId: opts.callerUserId, type: ACTIVITY.companyMemberAdded, subjectType: "company", subjectId: company.id, result: opts.role, reason: "api_assignment", metadata: { companyUserId: row.id, userId: person.id, role: opts.role, grantedVia: "api", callerListed: !caller } }, tx);
    return { id: row.id, companyId: company.id, email: person.email, role: opts.role, createdAt: row.createdAt };
  });
}
