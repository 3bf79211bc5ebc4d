"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import type { InviteFormState } from "@/components/dashboard/team/invite-form";
import { requireCustomerActing } from "@/lib/auth/session";
import { changeMemberRole, confirmAutoMember, declineEmailMatch, inviteEmailMatch, inviteMember, leaveNewsroom, removeMember, resendInvitation, revokeInvitation, teamFormError, TeamRefusedError } from "@/lib/companies/team";
import type { ActionResult } from "@/lib/forms/action-result";
import { formText } from "@/lib/forms/form-fields";
import { isRecordId } from "@/lib/input/ids";

// The team page's actions: each bound to the newsroom (and a member or invitation) by the page.
// Bound arguments come back from the browser as it likes, so they are checked like any input;
// the lib functions decide who may do what. Every team change is the owner's (or for leaving,
// the member's) own decision: staff acting as the customer (support access) make none.

const unknown = (reason: "newsroom_not_found" | "member_not_found" | "invitation_not_found" | "match_not_found") => teamFormError(new TeamRefusedError(reason));

export async function inviteMemberAction(companyId: number, _prev: InviteFormState | null, form: FormData): Promise<InviteFormState> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  const values = { email: formText(form, "email", 320), role: formText(form, "role", 20) };
  if (!isRecordId(companyId)) return { ...unknown("newsroom_not_found"), values };
  try {
    const sent = await inviteMember({ actorUserId: user.id, companyId, email: values.email, role: values.role });
    refresh();
    return { ok: true, message: `Einladung an ${sent.email} gesendet. Der Link gilt 7 Tage.` };
  } catch (err) {
    return { ...teamFormError(err), values };
  }
}

export async function changeRoleAction(companyId: number, userId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId) || !isRecordId(userId)) return unknown("member_not_found");
  try {
    const { changed } = await changeMemberRole({ actorUserId: user.id, companyId, userId, role: formText(form, "role", 20) });
    refresh();
    return { ok: true, message: changed ? "Rolle geändert." : "Die Rolle war schon so gesetzt." };
  } catch (err) {
    return teamFormError(err);
  }
}

export async function removeMemberAction(companyId: number, userId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId) || !isRecordId(userId)) return unknown("member_not_found");
  try {
    await removeMember({ actorUserId: user.id, companyId, userId });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Aus dem Team entfernt." };
}

export async function confirmAutoMemberAction(companyId: number, userId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId) || !isRecordId(userId)) return unknown("member_not_found");
  try {
    await confirmAutoMember({ actorUserId: user.id, companyId, userId });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Bestätigt: Die Person bleibt im Team, als Ihre eigene Entscheidung." };
}

export async function leaveNewsroomAction(companyId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId)) return unknown("newsroom_not_found");
  try {
    await leaveNewsroom({ userId: user.id, companyId });
  } catch (err) {
    return teamFormError(err);
  }
  redirect("/dashboard");
}

export async function resendInvitationAction(companyId: number, invitationId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId) || !isRecordId(invitationId)) return unknown("invitation_not_found");
  try {
    const sent = await resendInvitation({ actorUserId: user.id, companyId, invitationId });
    refresh();
    return { ok: true, message: `Neue Einladung an ${sent.email} gesendet; der alte Link gilt nicht mehr.` };
  } catch (err) {
    return teamFormError(err);
  }
}

export async function revokeInvitationAction(companyId: number, invitationId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId) || !isRecordId(invitationId)) return unknown("invitation_not_found");
  try {
    await revokeInvitation({ actorUserId: user.id, companyId, invitationId });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Einladung widerrufen." };
}

export async function inviteEmailMatchAction(companyId: number, matchId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId) || !isRecordId(matchId)) return unknown("match_not_found");
  try {
    const sent = await inviteEmailMatch({ actorUserId: user.id, companyId, matchId, role: formText(form, "role", 20) });
    refresh();
    return { ok: true, message: `Einladung an ${sent.email} gesendet. Die Person gehört zum Team, sobald sie die Einladung annimmt.` };
  } catch (err) {
    return teamFormError(err);
  }
}

export async function declineEmailMatchAction(companyId: number, matchId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(companyId) || !isRecordId(matchId)) return unknown("match_not_found");
  try {
    await declineEmailMatch({ actorUserId: user.id, companyId, matchId });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Abgelehnt. Die Adresse wird nicht wieder vorgeschlagen." };
}
