"use server";

import { headers } from "next/headers";
import { ZodError } from "zod";
import { CONFIRM_COPY, SIGNUP_COPY } from "@/components/newsletter/copy";
import type { SignupState } from "@/components/newsletter/signup-form";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { checkedPortals } from "@/lib/domains/newsletter/form-portals";
import { confirmNewsletterSignup } from "@/lib/domains/newsletter/confirm-newsletter-signup";
import { NewsletterConfirmLinkInvalidError } from "@/lib/domains/newsletter/errors";
import { requestNewsletterSignup } from "@/lib/domains/newsletter/request-newsletter-signup";
import { reportError } from "@/lib/core/http/problem";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import { isEdition, type Edition } from "@/lib/domains/sites";

const editionOf = (value: unknown): Edition => (isEdition(value) ? value : "de");

/** Sign-up (throttled per client): the same answer whether the address is new, pending or already subscribed. */
export async function signupAction(pageEdition: Edition, _prev: SignupState | null, form: FormData): Promise<SignupState> {
  const edition = editionOf(pageEdition);
  const t = SIGNUP_COPY[edition];
  const language = editionOf(formText(form, "language", 5));
  const portals = checkedPortals(form);
  const values = { email: formText(form, "email", 320), language, portals };
  if (!(await getLimiter("newsletterSignup").limit(clientKeyOf(await headers()))).success)
    return { ok: false, message: t.throttled, values };
  try {
    await requestNewsletterSignup({ email: values.email, language, portals });
  } catch (err) {
    if (err instanceof ZodError) return { ok: false, message: t.checkEmail, issues: { email: t.invalidEmail }, values };
    reportError(err, { requestId: crypto.randomUUID() });
    return { ok: false, message: t.failed, values };
  }
  return { ok: true, message: t.success };
}

/** The confirm button's POST; the token is bound by the page. */
export async function confirmAction(
  token: string,
  pageEdition: Edition,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const t = CONFIRM_COPY[editionOf(pageEdition)];
  try {
    await confirmNewsletterSignup({ token: String(token).slice(0, 200) });
    return { ok: true, message: t.success };
  } catch (err) {
    if (err instanceof NewsletterConfirmLinkInvalidError) return { ok: false, message: t.invalid };
    reportError(err, { requestId: crypto.randomUUID() });
    return { ok: false, message: SIGNUP_COPY[editionOf(pageEdition)].failed };
  }
}
