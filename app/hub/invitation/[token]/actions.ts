"use server";

import { redirect } from "next/navigation";
import { requireCustomerActing } from "@/lib/auth/session";
import { acceptInvitation, teamFormError } from "@/lib/companies/team";
import type { ActionResult } from "@/lib/forms/action-result";

// Accept an invitation while signed in (bound to the link's token). Signed out, the page signs
// in through the login-link provider instead (components/dashboard/team/accept-invitation.tsx).
export async function acceptInvitationAction(token: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  // Joining a team is the person's own decision: not in support access.
  const acting = await requireCustomerActing("team");
  if (!acting.ok) return acting;
  const { user } = acting;
  let companyId: number;
  try {
    ({ companyId } = await acceptInvitation({ token: typeof token === "string" ? token.slice(0, 200) : "", signedInUserId: user.id }));
  } catch (err) {
    return teamFormError(err);
  }
  redirect(`/dashboard/newsrooms/${companyId}`);
}
