import { z } from "zod";
import { createLoginLink, LOGIN_LINK_TTL_MINUTES } from "@/lib/domains/accounts/login-links";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";
import { assertPlausibleMailDomains } from "@/lib/domains/mail/domain-checks/domain-issues";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { teamInvitationMail } from "@/lib/domains/mail/templates/team-invitation";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { expireInvitationLink, invitationUrl } from "./invitation-links";
import { openEmailMatches } from "./list-email-matches";
import { TeamRefusedError } from "./refusals";
import { assertTeamManager, assertTeamManagerBeforehand, lockNewsroom, parseTeamRole } from "./team-locks";

export interface InviteMemberOptions {
  actorUserId: number;
  companyId: number;
  email: string;
  /** owner, responsible or member; anything else is refused (422). */
  role: CompanyRole | string;
  /** The address match this invitation answers (inviteEmailMatch): it must still be open under the lock. */
  emailMatchId?: number;
  now?: Date;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

export interface SentInvitation {
  invitationId: number;
  email: string;
  role: CompanyRole;
  expiresAt: Date;
  /** The open invitation to the same address this one replaced (a resend), if any. */
  replacedInvitationId: number | null;
}

const InvitedEmail = z.string().trim().toLowerCase().max(320).pipe(z.email());

/**
 * An owner invites an address into the newsroom (ability manageMembers) with a role. The
 * invitation, its login link (purpose invitation, 7 days, payload { invitationId }), the mail and
 * the activity row commit together. An open invitation to the same address is replaced, its old
 * link closed, so "send again" is this same call.
 */
export async function inviteMember(opts: InviteMemberOptions): Promise<SentInvitation> {
  assertNotImpersonating(opts.acting, "team");
  const now = opts.now ?? new Date();
  const parsed = InvitedEmail.safeParse(opts.email);
  if (!parsed.success) throw new TeamRefusedError("invalid_email");
  const email = parsed.data;
  const role = parseTeamRole(opts.role);
  await assertTeamManagerBeforehand(opts.actorUserId, opts.companyId);
  await assertPlausibleMailDomains(
    { email },
    { message: "Diese Adresse kann keine E-Mails empfangen. Bitte prüfen Sie sie.", summary: "The invited address cannot receive mail." },
  );
  const expiresAt = new Date(now.getTime() + LOGIN_LINK_TTL_MINUTES.invitation * 60_000);

  return db.$transaction(async (tx) => {
    // The company lock serializes every change of this team: two invitations of one address
    // at once end as one open invitation, never as a unique-index error.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    if (await tx.companyUser.findFirst({ where: { companyId: newsroom.id, user: { email } }, select: { id: true } }))
      throw new TeamRefusedError("already_member");
    if (opts.emailMatchId !== undefined) {
      // An owner declining the same match at this moment went first: the decline stands.
      const [match] = await openEmailMatches(newsroom.id, { matchId: opts.emailMatchId, client: tx });
      if (match?.email !== email) throw new TeamRefusedError("match_not_found");
    }

    // Counted after the checks: a refused attempt sends nothing, so it spends nothing.
    const budget = await getLimiter("teamInvitations").limit(`user:${opts.actorUserId}`);
    if (!budget.success) throw new TeamRefusedError("too_many_invitations", { "Retry-After": String(secondsUntil(budget.reset)) });

    // An expired invitation still counts as open for the partial unique index (one open
    // invitation per newsroom and address): it is revoked first, then a live one is replaced.
    await tx.companyInvitation.updateMany({
      where: { companyId: newsroom.id, email, acceptedAt: null, revokedAt: null, expiresAt: { lte: now } },
      data: { revokedAt: now },
    });
    const previous = await tx.companyInvitation.findFirst({
      where: { companyId: newsroom.id, email, acceptedAt: null, revokedAt: null },
      select: { id: true, magicLinkId: true },
    });
    if (previous) {
      await tx.companyInvitation.update({ where: { id: previous.id }, data: { revokedAt: now } });
      await expireInvitationLink(tx, previous.magicLinkId, now);
    }

    const account = await tx.user.findUnique({ where: { email }, select: { id: true, locale: true, isActive: true, deletedAt: true } });
    const accountUserId = account?.isActive && !account.deletedAt ? account.id : null;
    const inviter = await tx.user.findUniqueOrThrow({ where: { id: opts.actorUserId }, select: { name: true } });
    const invitation = await tx.companyInvitation.create({
      data: { companyId: newsroom.id, email, role, invitedByUserId: opts.actorUserId, expiresAt },
      select: { id: true },
    });
    // An invitation answers an address match of the same address (the owner decided).
    await tx.companyEmailMatch.deleteMany({ where: { companyId: newsroom.id, email } });
    const link = await createLoginLink(
      { email, userId: accountUserId, purpose: "invitation", source: "team_invitation", payload: { invitationId: invitation.id }, now },
      tx,
    );
    await tx.companyInvitation.update({ where: { id: invitation.id }, data: { magicLinkId: link.id, expiresAt: link.expiresAt } });

    const language = recipientLanguage({ userLocale: accountUserId ? account!.locale : null });
    const mail = await teamInvitationMail({
      language,
      inviterName: inviter.name,
      newsroomName: newsroom.name,
      role,
      url: invitationUrl(link.token),
      expiresAt: link.expiresAt,
    });
    await sendMail({ to: email, ...mail, mailType: "team_invitation" }, tx);
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.companyInvitationSent,
        subjectType: "company",
        subjectId: newsroom.id,
        result: role,
        metadata: { invitationId: invitation.id, replacedInvitationId: previous?.id ?? null },
      },
      tx,
    );
    return { invitationId: invitation.id, email, role, expiresAt: link.expiresAt, replacedInvitationId: previous?.id ?? null };
  });
}
