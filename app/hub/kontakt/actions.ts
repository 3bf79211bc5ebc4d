"use server";

import { headers } from "next/headers";
import { CONTACT_PAGE_COPY } from "@/components/legal/intake-copy";
import type { IntakeState } from "@/components/legal/intake-state";
import { formText } from "@/lib/core/forms/form-fields";
import { reportError } from "@/lib/core/http/problem";
import { submitContactMessage } from "@/lib/domains/legal/contact/submit-contact-message";
import { INTAKE_LIMITS, intakeRefusal } from "@/lib/domains/legal/requests/file-fields";
import { clientIpOf } from "@/lib/core/security/client-ip";
import { isEdition, type Edition } from "@/lib/domains/sites";

/** The hub's contact form (spec 6.1 form intake "contact"), German and English; throttled per client inside the domain. */
export async function submitContactAction(pageEdition: Edition, _prev: IntakeState | null, form: FormData): Promise<IntakeState> {
  const edition: Edition = isEdition(pageEdition) ? pageEdition : "de";
  const values = {
    name: formText(form, "name", INTAKE_LIMITS.name + 1),
    email: formText(form, "email", INTAKE_LIMITS.email + 1),
    subject: formText(form, "subject", INTAKE_LIMITS.subject + 1),
    body: formText(form, "body", INTAKE_LIMITS.textMax + 1),
  };
  try {
    await submitContactMessage({ ...values, language: edition, clientIp: clientIpOf(await headers()) });
    return { ok: true, message: CONTACT_PAGE_COPY[edition].sent };
  } catch (err) {
    const refusal = intakeRefusal(err);
    if (refusal) return { ok: false, ...refusal, values };
    reportError(err, { requestId: crypto.randomUUID() });
    return { ok: false, message: CONTACT_PAGE_COPY[edition].failed, values };
  }
}
