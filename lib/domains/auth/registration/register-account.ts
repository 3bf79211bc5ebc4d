import { z } from "zod";
import { recordConversionEvent } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { assertPlausibleMailDomains } from "@/lib/domains/mail/domain-checks/domain-issues";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { registrationConfirmMail, registrationExistingMail } from "@/lib/domains/mail/templates/registration";
import { ipHmac } from "@/lib/core/security/client-ip";
import { createLoginLink, LOGIN_LINK_TTL_MINUTES } from "@/lib/domains/accounts/login-links";
import { hashBinding } from "@/lib/domains/accounts/login-links/browser-session-binding";
import { mayMailAccountRecipient } from "@/lib/domains/accounts/login-links/recipient-budget";
import { getBreachedPasswordCheck, type BreachedPasswordCheck } from "@/lib/domains/accounts/passwords/breached-password-check";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { assertPasswordPolicy } from "@/lib/domains/accounts/passwords/policy";
import { invitationForRegistration } from "@/lib/domains/companies/team/join-after-registration";
import { INVALID_EMAIL, RegistrationEmail, RegistrationName, TermsAccepted } from "@/lib/domains/accounts/registration/registration-fields";

const RegistrationInput = z.object({
  name: RegistrationName,
  email: RegistrationEmail,
  password: z.string().max(1024),
  acceptTerms: TermsAccepted,
});

export type RegistrationInput = Omit<z.input<typeof RegistrationInput>, "acceptTerms"> & { acceptTerms: boolean };

/**
 * Registration by form (spec 6.1 "registrations with path form"). The answer is the same
 * whether or not the address already has an account: a new account gets a login link that
 * confirms the address, an existing one a notice with a login link instead of a second account.
 * Legal acceptance of the current versions is recorded with the account (stage 4 of the funnel).
 */
export async function registerAccount(
  input: RegistrationInput & {
    ip: string;
    browserSessionBinding?: string | null;
    breachCheck?: BreachedPasswordCheck;
    invitationToken?: string | null;
  },
): Promise<void> {
  const parsed = RegistrationInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      "validation_failed",
      "The registration form has errors.",
      undefined,
      parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? "form"), message: i.message })),
    );
  }
  const { name, email, password } = parsed.data;
  await assertPlausibleMailDomains({ email }, { message: INVALID_EMAIL, summary: "The registration form has errors." });
  await assertPasswordPolicy(password, input.breachCheck ?? getBreachedPasswordCheck());

  const existing = await db.user.findUnique({ where: { email }, select: { id: true, locale: true, isActive: true, deletedAt: true } });
  if (existing && (!existing.isActive || existing.deletedAt)) return;
  // Either answer is a mail to the mailbox (name+1@, name+2@ ... reach one): within its budget only.
  if (!(await mayMailAccountRecipient(email))) return;
  if (existing) {
    await db.$transaction(async (tx) => {
      const link = await createLoginLink({ email, userId: existing.id, purpose: "login", source: "registration_existing" }, tx);
      await sendMail(
        {
          to: email,
          ...(await registrationExistingMail({
            url: link.url,
            ttlMinutes: LOGIN_LINK_TTL_MINUTES.login,
            language: recipientLanguage({ userLocale: existing.locale }),
          })),
          mailType: "registration_existing",
        },
        tx,
      );
    });
    return;
  }

  const invitationId = await invitationForRegistration(input.invitationToken, email);
  const passwordHash = await hashPassword(password);
  const created = await db
    .$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name, passwordHash }, select: { id: true } });
      await recordRegistrationAcceptances(tx, user.id, input.ip);
      // The browser that registered is noted: confirming there keeps the password set with the
      // registration; anywhere else the first confirmation discards it (verifyAccountAddress).
      const registeredIn = hashBinding(input.browserSessionBinding);
      // Registered from an invitation to this address: confirming joins the newsroom (lib/domains/companies/team).
      const payload = { ...(registeredIn ? { registeredIn } : {}), ...(invitationId ? { invitationId } : {}) };
      const link = await createLoginLink(
        { email, userId: user.id, purpose: "login", source: "registration", ...(Object.keys(payload).length ? { payload } : {}) },
        tx,
      );
      await sendMail(
        {
          to: email,
          ...(await registrationConfirmMail({
            name,
            url: link.url,
            ttlMinutes: LOGIN_LINK_TTL_MINUTES.login,
            language: recipientLanguage({}),
          })),
          mailType: "registration_confirm",
        },
        tx,
      );
      return user;
    })
    .catch((err: unknown) => {
      // Two registrations of one address at once: the loser ends like a known address.
      if ((err as { code?: string }).code === "P2002") return null;
      throw err;
    });
  if (!created) return;
  await recordActivity({
    actorUserId: created.id,
    type: ACTIVITY.userRegistered,
    subjectType: "user",
    subjectId: created.id,
    path: "form",
  });
  await recordConversionEvent({ stage: 4, source: "registration_form" });
}

/** The new account's acceptance of the current legal documents, from this client (kept only as an HMAC); `at` defaults to the database's now. */
export async function recordRegistrationAcceptances(tx: Tx, userId: number, ip: string, at?: Date): Promise<void> {
  const hmac = ipHmac(ip);
  await tx.legalDocumentAcceptance.createMany({
    data: REQUIRED_DOCUMENTS.map((d) => ({
      userId,
      document: d.document,
      version: d.version,
      ipHmac: hmac.value,
      ipHmacKeyVersion: hmac.keyVersion,
      acceptedAt: at,
    })),
  });
}
