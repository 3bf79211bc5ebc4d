import { z } from "zod";
import { isAcceptableText } from "@/lib/core/input/text";

// The fields of a registration, one rule each: the form (./register-account.ts), the page of a
// registration link (./register-through-login-link.ts), and the address the sign-in page mails a
// registration link to (lib/domains/accounts/login-links/send-login-link-mail.ts).

/** Also the answer for a domain DNS shows cannot receive mail: to the person it is a bad address. */
export const INVALID_EMAIL = "Bitte geben Sie eine gültige E-Mail-Adresse an.";

export const RegistrationName = z
  .string()
  .trim()
  .min(2, "Bitte geben Sie Ihren Namen an.")
  .max(200)
  .refine(isAcceptableText, "Der Name enthält ein unzulässiges Zeichen.");

/** Trimmed and lower-cased, as accounts store it. */
export const RegistrationEmail = z.string().trim().toLowerCase().max(320).pipe(z.email(INVALID_EMAIL));

/** The acceptance of the current legal documents. */
export const TermsAccepted = z.literal(true, { error: "Bitte akzeptieren Sie die aktuellen Bedingungen." });
