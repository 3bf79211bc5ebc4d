"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import type { InviteFormState } from "@/components/dashboard/team/invite-form";
import { requireUser } from "@/lib/auth/session";
import { changeMemberRole, inviteMember, leaveNewsroom, removeMember, resendInvitation, revokeInvitation, teamFormError, TeamRefusedError } from "@/lib/companies/team";
import type { ActionResult } from "@/lib/forms/action-result";
import { formText } from "@/lib/forms/form-fields";
import { isRecordId } from "@/lib/input/ids";

// The team page's actions: each bound to the newsroom (and a member or invitation) by the page.
// Bound arguments come back from the browser as it likes, so they are checked like any input;
// the lib functions decide who may do what.

const unknown = (reason: "newsroom_not_found" | "member_not_found" | "invitation_not_found") => teamFormError(new TeamRefusedError(reason));

export async function inviteMemberAction(companyId: number, _prev: InviteFormState | null, form: FormData): Promise<InviteFormState> {
  const { user } = await requireUser();
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
  const { user } = await requireUser();
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
  const { user } = await requireUser();
  if (!isRecordId(companyId) || !isRecordId(userId)) return unknown("member_not_found");
  try {
    await removeMember({ actorUserId: user.id, companyId, userId });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Aus dem Team entfernt." };
}

export async function leaveNewsroomAction(companyId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  if (!isRecordId(companyId)) return unknown("newsroom_not_found");
  try {
    await leaveNewsroom({ userId: user.id, companyId });
  } catch (err) {
    return teamFormError(err);
  }
  redirect("/dashboard");
}

export async function resendInvitationAction(companyId: number, invitationId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
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
  const { user } = await requireUser();
  if (!isRecordId(companyId) || !isRecordId(invitationId)) return unknown("invitation_not_found");
  try {
    await revokeInvitation({ actorUserId: user.id, companyId, invitationId });
  } catch (err) {
    return teamFormError(err);
  }
  refresh();
  return { ok: true, message: "Einladung widerrufen." };
}
