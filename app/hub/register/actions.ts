"use server";

import { headers } from "next/headers";
import { registerAccount } from "@/lib/domains/auth/registration/register-account";
import { browserBinding } from "@/lib/domains/auth/next-auth/browser-binding";
import { clientContextOf } from "@/lib/domains/auth/next-auth/client-context";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import { formHas, formText } from "@/lib/core/forms/form-fields";

export interface RegisterState extends ActionResult {
  values?: { name: string; email: string };
}

export async function register(_prev: RegisterState, form: FormData): Promise<RegisterState> {
  const values = { name: formText(form, "name", 200), email: formText(form, "email", 320) };
  const h = await headers();
  if (!(await getLimiter("accountMail").limit(clientKeyOf(h))).success)
    return { ok: false, message: "Zu viele Registrierungen von dieser Adresse. Bitte versuchen Sie es später erneut.", values };
  try {
    await registerAccount({
      ...values,
      password: formText(form, "password", 4096),
      acceptTerms: formHas(form, "acceptTerms", "on"),
      ip: clientContextOf(h).ip,
      browserSessionBinding: await browserBinding(),
      invitationToken: formText(form, "invitation", 200) || null,
    });
  } catch (err) {
    return { ...actionError(err), values };
  }
  return {
    ok: true,
    message: "Fast geschafft: Wir haben Ihnen eine E-Mail geschickt. Bestätigen Sie darin Ihre Adresse; danach können Sie sich anmelden.",
  };
}
