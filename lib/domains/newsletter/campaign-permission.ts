import { assertCan } from "@/lib/domains/accounts/permissions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

/**
 * Who runs the newsletter (spec 4.3): staff holding the newsletter screen's permission
 * (users:manage), checked from the stored user by every campaign command. No actor (null or
 * absent) is the console or a job: the operator of the installation, not a person in the admin area.
 */
export async function assertMayRunNewsletter(actorUserId: number | null | undefined): Promise<void> {
  if (actorUserId != null) await assertCan(actorUserId, ADMIN_SCREENS.newsletter.permission);
}
