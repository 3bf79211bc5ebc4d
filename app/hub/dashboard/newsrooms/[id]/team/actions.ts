"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import type { InviteFormState } from "@/components/dashboard/team/invite-form";
import { requireUser } from "@/lib/domains/auth/session";
import {
  changeMemberRole,
  confirmAutoMember,
  declineEmailMatch,
  inviteEmailMatch,
  inviteMember,
  leaveNewsroom,
  removeMember,
  resendInvitation,
  revokeInvitation,
  teamFormError,
  TeamRefusedError,
} from "@/lib/domains/companies/team";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { parseRecordId } from "@/lib/core/input/ids";

// The team page's actions: each bound to the newsroom (and a member or invitation) by the page.
// Bound arguments come back from the browser as it likes, so they are read like any input;
// the lib functions decide who may do what. Every team change is the owner's (or for leaving,
// the member's) own decision: staff acting as the customer (support access) make none, which
// the lib functions refuse given the session as `acting`.

const unknown = (reason: "newsroom_not_found" | "member_not_found" | "invitation_not_found" | "match_not_found") =>
  teamFormError(new TeamRefusedError(reason));

export async function inviteMemberAction(companyId: number, _prev: InviteFormState | null, form: FormData): Promise<InviteFormState> {
  const { user, session } = await requireUser();
  const values = { email: formText(form, "email", 320), role: formText(form, "role", 20) };
  const newsroomId = parseRecordId(companyId);
  if (newsroomId === null) return { ...unknown("newsroom_not_found"), values };
  try {
    const sent = await inviteMember({
      actorUserId: user.id,
      companyId: newsroomId,
      email: values.email,
      role: values.role,
      acting: session,
    });
    refresh();
    return { ok: true, message: `Einladung an ${sent.email} gesendet. Der Link gilt 7 Tage.` };
  } catch (err) {
    return { ...teamFormError(err), values };
  }
}

export async function changeRoleAction(
  companyId: number,
  userId: number,
  _prev: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  const memberId = parseRecordId(userId);
  if (newsroomId === null || memberId === null) return unknown("member_not_found");
  try {
    const { changed } = await changeMemberRole({
      actorUserId: user.id,
      companyId: newsroomId,
      userId: memberId,
      role: formText(form, "role", 20),
      acting: session,
    });
    refresh();
    return { ok: true, message: changed ? "Rolle geändert." : "Die Rolle war schon so gesetzt." };
  } catch (err) {
    return teamFormError(err);
  }
}

export async function removeMemberAction(
  companyId: number,
  userId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  const memberId = parseRecordId(userId);
  if (newsroomId === null || memberId === null) return unknown("member_not_found");
  try {
    await removeMember({ actorUserId: user.id, companyId: newsroomId, userId: memberId, acting: session });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Aus dem Team entfernt." };
}

export async function confirmAutoMemberAction(
  companyId: number,
  userId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  const memberId = parseRecordId(userId);
  if (newsroomId === null || memberId === null) return unknown("member_not_found");
  try {
    await confirmAutoMember({ actorUserId: user.id, companyId: newsroomId, userId: memberId, acting: session });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Bestätigt: Die Person bleibt im Team, als Ihre eigene Entscheidung." };
}

export async function leaveNewsroomAction(companyId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  if (newsroomId === null) return unknown("newsroom_not_found");
  try {
    await leaveNewsroom({ userId: user.id, companyId: newsroomId, acting: session });
  } catch (err) {
    return teamFormError(err);
  }
  redirect("/dashboard");
}

export async function resendInvitationAction(
  companyId: number,
  invitationId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  const inviteId = parseRecordId(invitationId);
  if (newsroomId === null || inviteId === null) return unknown("invitation_not_found");
  try {
    const sent = await resendInvitation({ actorUserId: user.id, companyId: newsroomId, invitationId: inviteId, acting: session });
    refresh();
    return { ok: true, message: `Neue Einladung an ${sent.email} gesendet; der alte Link gilt nicht mehr.` };
  } catch (err) {
    return teamFormError(err);
  }
}

export async function revokeInvitationAction(
  companyId: number,
  invitationId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  const inviteId = parseRecordId(invitationId);
  if (newsroomId === null || inviteId === null) return unknown("invitation_not_found");
  try {
    await revokeInvitation({ actorUserId: user.id, companyId: newsroomId, invitationId: inviteId, acting: session });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Einladung widerrufen." };
}

export async function inviteEmailMatchAction(
  companyId: number,
  matchId: number,
  _prev: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  const addressMatchId = parseRecordId(matchId);
  if (newsroomId === null || addressMatchId === null) return unknown("match_not_found");
  try {
    const sent = await inviteEmailMatch({
      actorUserId: user.id,
      companyId: newsroomId,
      matchId: addressMatchId,
      role: formText(form, "role", 20),
      acting: session,
    });
    refresh();
    return { ok: true, message: `Einladung an ${sent.email} gesendet. Die Person gehört zum Team, sobald sie die Einladung annimmt.` };
  } catch (err) {
    return teamFormError(err);
  }
}

export async function declineEmailMatchAction(
  companyId: number,
  matchId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const newsroomId = parseRecordId(companyId);
  const addressMatchId = parseRecordId(matchId);
  if (newsroomId === null || addressMatchId === null) return unknown("match_not_found");
  try {
    await declineEmailMatch({ actorUserId: user.id, companyId: newsroomId, matchId: addressMatchId, acting: session });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Abgelehnt. Die Adresse wird nicht wieder vorgeschlagen." };
}
