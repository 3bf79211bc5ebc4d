import { z } from "zod";
import { recordConversionEvent } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { recordRegistrationAcceptances } from "@/lib/domains/auth/registration/register-account";
import { RegistrationName, TermsAccepted } from "@/lib/domains/accounts/registration/registration-fields";

const Details = z.object({ name: RegistrationName, acceptTerms: TermsAccepted });

/**
 * What a registration by login link asks on the link's page: a name and the acceptance of the
 * current documents, by the registration form's rules; the name, or null when either is missing.
 * Checked before the link is redeemed, so a missing tick does not spend it.
 */
export function registrationDetails(input: { name: unknown; acceptTerms: unknown }): { name: string } | null {
  const parsed = Details.safeParse(input);
  return parsed.success ? { name: parsed.data.name } : null;
}

/**
 * Registration through a login link (spec 6.1, path "login link"): someone asked for a login link
 * for an address without an account and redeemed the registration link that went there. The
 * redemption proved the mailbox, so the account starts confirmed and without a password (it signs
 * in by link, passkey or a password set later on the security page). Writes the legal acceptances,
 * `user.registered` with path `login_link` and, after the commit, conversion stage 4. An account
 * that appeared for the address meanwhile (a form registration) is answered instead, unregistered:
 * the caller signs in to it as with any login link.
 */
export async function registerThroughLoginLink(opts: {
  email: string;
  name: string;
  ip: string;
  now?: Date;
}): Promise<{ userId: number; registered: boolean }> {
  const now = opts.now ?? new Date();
  const email = opts.email.trim().toLowerCase();
  const outcome = await db
    .$transaction(async (tx) => {
      const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
      if (existing) return { userId: existing.id, registered: false };
      const user = await tx.user.create({ data: { email, name: opts.name, emailVerifiedAt: now }, select: { id: true } });
      await recordRegistrationAcceptances(tx, user.id, opts.ip, now);
      await recordActivity(
        { actorUserId: user.id, type: ACTIVITY.userRegistered, subjectType: "user", subjectId: user.id, path: "login_link" },
        tx,
      );
      return { userId: user.id, registered: true };
    })
    .catch(async (err: unknown) => {
      // Race: a registration of the same address committed between our read and insert.
      if ((err as { code?: string }).code !== "P2002") throw err;
      const existing = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
      return { userId: existing.id, registered: false };
    });
  if (outcome.registered) await recordConversionEvent({ stage: 4, source: "registration_login_link" });
  return outcome;
}
