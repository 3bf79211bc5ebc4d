import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { adminReason } from "@/lib/core/input/admin-reason";
import { isRecordId } from "@/lib/core/input/ids";
import { IMPERSONATION_PERMISSION } from "../sessions/impersonation-permission";
import type { ActiveSession } from "../sessions/resolve-session";
import { openSession, type ClientContext } from "../sessions/start-session";
import { needsStrongAdminConfirmation } from "../sessions/strong-confirmation";
import { IMPERSONATION_MINUTES } from "./impersonation-cookie";
import { endImpersonationsWhere } from "./impersonation-ended";

export type ImpersonationRefusal = "unconfirmed" | "own_account" | "staff" | "inactive";

const refused = (reason: ImpersonationRefusal, message: string) => new AppError("forbidden", message, { reason });

export interface StartImpersonationInput {
  /** The staff member's own session, as the admin area resolved it; it stays as it is and is returned to. */
  staff: ActiveSession;
  targetUserId: number;
  /** Why (1–500 characters): stored with the start and the login entry. */
  reason: unknown;
  client: ClientContext;
  now?: Date;
}

export interface StartedImpersonation {
  /** The raw reference of the new session row, for the cookie. */
  token: string;
  sessionId: number;
  expiresAt: Date;
}

/**
 * Impersonation for support (spec 6.1): staff holding users:manage, in a session confirmed for
 * the admin area, act as a customer for IMPERSONATION_MINUTES. It is a session of its own: a
 * row of the customer's that names the staff member and the staff member's session (so it ends
 * with it); the staff session and the customer's own sessions are left as they are. Never for
 * staff accounts, inactive or deleted ones. Writes `user.impersonation_started` (the staff
 * member, with the reason) and the login entry with path `impersonation`.
 */
export async function startImpersonation(input: StartImpersonationInput): Promise<StartedImpersonation> {
  const now = input.now ?? new Date();
  const { staff } = input;
  const reason = adminReason(input.reason);
  if (!isRecordId(input.targetUserId)) throw notFound("There is no such account.");
  if (staff.session.impersonatorUserId !== null || staff.session.twoFactorPending || needsStrongAdminConfirmation(staff, now)) {
    throw refused("unconfirmed", "Impersonation starts only from a session confirmed for the admin area.");
  }
  if (input.targetUserId === staff.user.id) throw refused("own_account", "Staff do not impersonate themselves.");
  const expiresAt = new Date(now.getTime() + IMPERSONATION_MINUTES * 60_000);

  return db.$transaction(async (tx) => {
    // Race: the permission revoked while the button is pressed; the staff row is read FOR SHARE.
    await assertCan(staff.user.id, IMPERSONATION_PERMISSION, tx);
    // Race: the account promoted to staff or deactivated meanwhile; its row is read FOR SHARE,
    // so such a change either committed before (and is refused here) or waits for this start.
    const rows = await tx.$queryRaw<{ staff_role: string; is_active: boolean; deleted_at: Date | null }[]>`
      SELECT staff_role::text AS staff_role, is_active, deleted_at FROM users WHERE id = ${input.targetUserId} FOR SHARE`;
    const target = rows[0];
    if (!target) throw notFound("There is no such account.");
    if (target.staff_role !== "user") throw refused("staff", "Staff accounts are never impersonated.");
    if (!target.is_active || target.deleted_at) throw refused("inactive", "Inactive or deleted accounts are never impersonated.");
    // The staff session must still be there (a sign-out meanwhile ends this too); it is kept
    // fresh, so it outlives the impersonation's time limit under the staff idle timeout.
    const kept = await tx.session.updateMany({
      where: { id: staff.session.id, userId: staff.user.id, impersonatorUserId: null, expiresAt: { gt: now } },
      data: { lastSeenAt: now },
    });
    if (kept.count !== 1) throw refused("unconfirmed", "The staff session has ended.");
    // One impersonation per staff session at a time: a new start ends the previous one.
    await endImpersonationsWhere({ impersonatorSessionId: staff.session.id }, "replaced", tx);
    const opened = await openSession(
      {
        userId: input.targetUserId,
        method: "impersonation",
        twoFactorPending: false,
        strongAuth: false,
        client: input.client,
        impersonatorUserId: staff.user.id,
        impersonatorSessionId: staff.session.id,
        maxAgeSeconds: IMPERSONATION_MINUTES * 60,
        now,
      },
      tx,
    );
    await recordActivity(
      {
        actorUserId: staff.user.id,
        type: ACTIVITY.userImpersonationStarted,
        subjectType: "user",
        subjectId: input.targetUserId,
        reason,
        impersonatorUserId: null,
        metadata: { sessionId: opened.sessionId, minutes: IMPERSONATION_MINUTES },
      },
      tx,
    );
    await recordActivity(
      {
        actorUserId: input.targetUserId,
        type: ACTIVITY.userLoggedIn,
        subjectType: "user",
        subjectId: input.targetUserId,
        path: "impersonation",
        reason,
        impersonatorUserId: staff.user.id,
      },
      tx,
    );
    return { ...opened, expiresAt };
  });
}
