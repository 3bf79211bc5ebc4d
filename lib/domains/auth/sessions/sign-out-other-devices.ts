import { randomBytes } from "node:crypto";
import { db } from "@/lib/core/db/client";
import { assertNotImpersonating } from "@/lib/core/errors/customer-acting";
import { endImpersonationsWhere } from "../impersonation/impersonation-ended";
import type { SessionState } from "./resolve-session";

/**
 * "Sign out other devices" (spec 4.3): rotates remember_token, ends every other session and
 * keeps the current one. Not during impersonation: the impersonator would end the customer's
 * own sessions.
 */
export async function signOutOtherDevices(
  userId: number,
  current: Pick<SessionState, "id" | "impersonatorUserId">,
): Promise<{ ended: number }> {
  assertNotImpersonating(current, "security");
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { rememberToken: randomBytes(30).toString("base64url") } });
    const others = { userId, id: { not: current.id } };
    // Staff signing out their other devices end what those opened as support access, with an entry.
    await endImpersonationsWhere({ impersonatorSession: { is: others } }, "staff_session_ended", tx);
    const ended = await tx.session.deleteMany({ where: others });
    return { ended: ended.count };
  });
}

/** The session list of the security page, newest first. */
export async function listSessions(userId: number) {
  return db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true, createdAt: true, lastSeenAt: true, loginMethod: true, userAgentShort: true, impersonatorUserId: true },
  });
}
