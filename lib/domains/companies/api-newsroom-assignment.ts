import { companyAbilities } from "@/lib/domains/accounts/abilities";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { AppError, forbidden, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { isAutoGrantBlocked } from "./team/auto-grant-blocks";
import { lockNewsroom } from "./team/team-locks";

// ApiNewsroomAssignment (spec 5.13): a person with an account is attached to an EXISTING
// newsroom through the API, as company_user with granted_via = api.
//
// Who may attach: whoever manages the newsroom's team (ability manageMembers: its owners), as in
// the dashboard, or an account listed in NEWSROOM_API_ASSIGNMENT_USER_IDS (an integration
// partner working for many newsrooms). Nobody else: not a responsible or member (people stay
// with the owner), and no staff (the API acts for customers, not staff).
// Which role: `member` by default; `responsible` only for an owner (it can edit the profile and
// every release). Never `owner`: ownership carries billing and the image-rights confirmation and
// is handed over by a person, not a token.
// Whom: an active account whose address is confirmed. An unconfirmed account may have been
// opened by anyone under someone else's address; attaching it would hand the newsroom to them.
// A person an owner removed (or who left, or whose address match was declined) carries an
// auto-grant block: only an owner attaches them again, and the block stays (an attachment is
// no consent to be re-added by an address match after the next removal). A listed partner
// meets a 409: it does not overrule an owner's decision.

export type ApiAssignableRole = "member" | "responsible";

export interface ApiNewsroomMembership {
  id: number;
  companyId: number;
  email: string;
  role: ApiAssignableRole;
  createdAt: Date;
}

export async function assignNewsroomMemberByApi(opts: {
  callerUserId: number;
  companyId: number;
  email: string;
  role: ApiAssignableRole;
}): Promise<ApiNewsroomMembership> {
  if (!isRecordId(opts.companyId)) throw notFound("Newsroom not found.");
  const email = opts.email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    // The team's lock (every team write takes it first): two attaches of one person at once end
    // as one row and one 409, never a 500. A deleted newsroom is "not found".
    const company = await lockNewsroom(tx, opts.companyId);

    // The team's abilities, read under the lock: an owner demoted a moment ago no longer
    // attaches anyone. A removed newsroom leaves its owners no manageMembers, so its owners are
    // told it is closed (409) before anyone is told they may not (403).
    const abilities = await companyAbilities(opts.callerUserId, company.id, tx);
    const isListed = getConfig().auth.newsroomApiAssignmentUserIds.includes(opts.callerUserId);
    if (!abilities.has("view") && !isListed) throw forbidden("Only an owner of the newsroom can attach people to it.");
    if (company.mergedIntoCompanyId)
      throw new AppError("conflict", "This newsroom was merged into another one; attach people there.", {
        mergedIntoNewsroomId: company.mergedIntoCompanyId,
      });
    if (!company.isOpen) throw new AppError("conflict", "This newsroom has been removed.");
    const managesTeam = abilities.has("manageMembers");
    if (!managesTeam && !isListed) throw forbidden("Only an owner of the newsroom can attach people to it.");
    if (opts.role === "responsible" && !managesTeam) throw forbidden("Only an owner of the newsroom can attach someone as responsible.");

    const person = await tx.user.findFirst({
      where: { email, isActive: true, deletedAt: null, emailVerifiedAt: { not: null } },
      select: { id: true, email: true },
    });
    if (!person) throw notFound("There is no account with a confirmed address for this e-mail.");
    const existing = await tx.companyUser.findUnique({
      where: { companyId_userId: { companyId: company.id, userId: person.id } },
      select: { role: true },
    });
    if (existing) throw new AppError("conflict", "This person is already a member of the newsroom.", { role: existing.role });

    const blocked = await isAutoGrantBlocked(tx, company.id, person.email);
    if (blocked && !managesTeam)
      throw new AppError("conflict", "This person was removed from the newsroom or left it; only an owner can attach them again.", {
        reason: "removed_from_newsroom",
      });
    const row = await tx.companyUser.create({
      data: { companyId: company.id, userId: person.id, role: opts.role, grantedVia: "api" },
      select: { id: true, createdAt: true },
    });
    await recordActivity(
      {
        actorUserId: opts.callerUserId,
        type: ACTIVITY.companyMemberAdded,
        subjectType: "company",
        subjectId: company.id,
        result: opts.role,
        reason: "api_assignment",
        metadata: {
          companyUserId: row.id,
          userId: person.id,
          role: opts.role,
          grantedVia: "api",
          callerListed: !managesTeam,
          blockKept: blocked,
        },
      },
      tx,
    );
    return { id: row.id, companyId: company.id, email: person.email, role: opts.role, createdAt: row.createdAt };
  });
}
