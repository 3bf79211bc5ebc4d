"use server";

import type { EmailConfirmState } from "@/components/security/types";
import { confirmEmailChange, EmailAddressTakenError, EmailChangeLinkInvalidError } from "@/lib/domains/accounts/email-change";
import { actionError } from "@/lib/core/forms/action-result";

/** Redeems the confirmation link of an address change (spec 2.1); the token is bound by the page. */
export async function confirmNewEmail(token: string, _prev: EmailConfirmState | null, _form: FormData): Promise<EmailConfirmState> {
  try {
    const { email } = await confirmEmailChange({ token: String(token).slice(0, 200) });
    return { ok: true, message: `Ihre E-Mail-Adresse wurde geändert. Sie lautet jetzt ${email}.`, email };
  } catch (err) {
    if (err instanceof EmailChangeLinkInvalidError)
      return {
        ok: false,
        code: err.code,
        message: "Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie die Änderung erneut an.",
      };
    if (err instanceof EmailAddressTakenError)
      return {
        ok: false,
        code: err.code,
        message: "Diese Adresse gehört inzwischen zu einem anderen Konto. Ihre E-Mail-Adresse wurde nicht geändert.",
      };
    return actionError(err);
  }
}
