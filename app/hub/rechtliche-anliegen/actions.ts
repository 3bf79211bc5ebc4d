"use server";

import { headers } from "next/headers";
import { LEGAL_PAGE_COPY } from "@/components/legal/intake-copy";
import type { IntakeState } from "@/components/legal/intake-state";
import { sendLoginLinkMail } from "@/lib/domains/accounts/login-links";
import { LEGAL_REQUEST_LINK_SOURCE } from "@/lib/domains/accounts/login-links/landing";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { reportError } from "@/lib/core/http/problem";
import { INTAKE_LIMITS, intakeRefusal } from "@/lib/domains/legal/requests/file-fields";
import { filePublicLegalRequest } from "@/lib/domains/legal/requests/file-public-legal-request";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientIpOf, clientKeyOf } from "@/lib/core/security/client-ip";
import { isEdition, type Edition } from "@/lib/domains/sites";

// The public legal page (spec 4.4), German and English: the login link for customers first,
// the form for everyone else. Both read the client's address from the trust model, never
// from anything the client wrote.

const editionOf = (value: unknown): Edition => (isEdition(value) ? value : "de");

/** The primary path: a login link that lands on the customer's legal requests. Same answer for every address. */
export async function requestLegalLoginLink(pageEdition: Edition, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const edition = editionOf(pageEdition);
  const t = LEGAL_PAGE_COPY[edition];
  const email = formText(form, "email", INTAKE_LIMITS.email).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return {
      ok: false,
      message: edition === "de" ? "Bitte geben Sie eine gültige E-Mail-Adresse an." : "Please enter a valid e-mail address.",
    };
  // The login form's budget: both mail a link to an address a stranger typed in.
  if (!(await getLimiter("accountMail").limit(clientKeyOf(await headers()))).success) return { ok: false, message: t.linkThrottled };
  await sendLoginLinkMail({ email, source: LEGAL_REQUEST_LINK_SOURCE, locale: edition });
  return { ok: true, message: t.linkSent };
}

/** The fallback form: report, dsgvo or personal_rights, throttled per client inside the domain. */
export async function filePublicRequestAction(pageEdition: Edition, _prev: IntakeState | null, form: FormData): Promise<IntakeState> {
  const edition = editionOf(pageEdition);
  const values = {
    kind: formText(form, "kind", 40),
    name: formText(form, "name", INTAKE_LIMITS.name + 1),
    email: formText(form, "email", INTAKE_LIMITS.email + 1),
    subjectUrl: formText(form, "subjectUrl", INTAKE_LIMITS.url + 1),
    body: formText(form, "body", INTAKE_LIMITS.textMax + 1),
  };
  try {
    const filed = await filePublicLegalRequest({ ...values, language: edition, clientIp: clientIpOf(await headers()) });
    return { ok: true, message: LEGAL_PAGE_COPY[edition].filed(filed.reference) };
  } catch (err) {
    const refusal = intakeRefusal(err);
    if (refusal) return { ok: false, ...refusal, values };
    reportError(err, { requestId: crypto.randomUUID() });
    return { ok: false, message: LEGAL_PAGE_COPY[edition].failed, values };
  }
}
