import { db } from "@/lib/core/db/client";
import { assertNotImpersonating } from "@/lib/core/errors/customer-acting";
import type { SessionState } from "./resolve-session";
import { closeSessionById } from "./start-session";

/**
 * "Abmelden" beside one device of the security page: ends one other session of the person's own.
 * The id comes from the browser, so it counts only for a row of `userId`: another account's
 * session, an unknown id, the current session (signing out here is the header's button) and a
 * support-access row (it ends with its time limit or the staff member's banner, with its entry)
 * all end nothing, and the answer does not say which. Refused during impersonation, like
 * signOutOtherDevices: staff would end the customer's own sessions.
 */
export async function signOutSession(
  userId: number,
  current: Pick<SessionState, "id" | "impersonatorUserId">,
  sessionId: number,
): Promise<{ ended: boolean }> {
  assertNotImpersonating(current, "security");
  if (sessionId === current.id) return { ended: false };
  const row = await db.session.findFirst({
    where: { id: sessionId, userId, impersonatorUserId: null },
    select: { id: true },
  });
  if (!row) return { ended: false };
  // A staff member's own session: the impersonations opened from it end first, with their entries.
  // Ended by a concurrent request meanwhile is ended all the same.
  await closeSessionById(row.id);
  return { ended: true };
}
