"use server";

import { redirect } from "next/navigation";
import { requireUser } from "@/lib/domains/auth/session";
import { acceptInvitation, teamFormError } from "@/lib/domains/companies/team";
import type { ActionResult } from "@/lib/core/forms/action-result";

// Accept an invitation while signed in (bound to the link's token). Signed out, the page signs
// in through the login-link provider instead (components/dashboard/team/accept-invitation.tsx).
// Joining a team is the person's own decision: acceptInvitation refuses support access.
export async function acceptInvitationAction(token: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  let companyId: number;
  try {
    ({ companyId } = await acceptInvitation({
      token: typeof token === "string" ? token.slice(0, 200) : "",
      signedInUserId: user.id,
      acting: session,
    }));
  } catch (err) {
    return teamFormError(err);
  }
  redirect(`/dashboard/newsrooms/${companyId}`);
}
