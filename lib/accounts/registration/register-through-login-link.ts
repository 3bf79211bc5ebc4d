import { z } from "zod";
import { recordConversionEvent } from "@/lib/activity/conversion-events";
import { recordActivity } from "@/lib/activity/record-activity";
import { ACTIVITY } from "@/lib/activity/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { isAcceptableText } from "@/lib/input/text";
import { REQUIRED_DOCUMENTS } from "@/lib/legal/documents";
import { ipHmac } from "@/lib/security/client-ip";

// The same name rule and acceptance as the registration form (./register-account.ts).
const Details = z.object({
  name: z.string().trim().min(2, "Bitte geben Sie Ihren Namen an.").max(200, "Höchstens 200 Zeichen.").refine(isAcceptableText, "Der Name enthält ein unzulässiges Zeichen."),
  acceptTerms: z.literal(true, { error: "Bitte akzeptieren Sie die aktuellen Bedingungen." }),
});

/**
 * What a registration by login link asks on the link's page: a name and the acceptance of the
 * current documents. Checked before the link is redeemed, so a missing tick does not spend it.
 */
export function registrationDetails(input: { name: unknown; acceptTerms: unknown }): { name: string } {
  const parsed = Details.safeParse(input);
  if (!parsed.success) {
    throw new AppError("validation_failed", "The registration details are incomplete.", undefined, parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? "form"), message: i.message })));
  }
  return { name: parsed.data.name };
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
export async function registerThroughLoginLink(opts: { email: string; name: string; ip: string; now?: Date }): Promise<{ userId: number; registered: boolean }> {
  const now = opts.now ?? new Date();
  const email = opts.email.trim().toLowerCase();
  const ip = ipHmac(opts.ip);
  const outcome = await db
    .$transaction(async (tx) => {
      const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
      if (existing) return { userId: existing.id, registered: false };
      const user = await tx.user.create({ data: { email, name: opts.name, emailVerifiedAt: now }, select: { id: true } });
      await tx.legalDocumentAcceptance.createMany({ data: REQUIRED_DOCUMENTS.map((d) => ({ userId: user.id, document: d.document, version: d.version, ipHmac: ip.value, ipHmacKeyVersion: ip.keyVersion, acceptedAt: now })) });
      await recordActivity({ actorUserId: user.id, type: ACTIVITY.userRegistered, subjectType: "user", subjectId: user.id, path: "login_link" }, tx);
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
