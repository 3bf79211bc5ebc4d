import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { FieldCheck, INTAKE_LIMITS } from "@/lib/domains/legal/requests/file-fields";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOfIp, ipHmac } from "@/lib/core/security/client-ip";
import type { Edition } from "@/lib/domains/sites";
import { CONTACT_TEXT_MIN } from "./contact-limits";

export interface SubmitContactMessageInput {
  /** Form values as sent; checked here, so a forged request meets the same rules as the form. */
  name: unknown;
  email: unknown;
  subject: unknown;
  body: unknown;
  /** The page's edition: the language of the answers and of the editor's reply. */
  language: Edition;
  /** The client's address; kept only as its versioned HMAC. */
  clientIp: string;
  now?: Date;
}

const THROTTLED: Record<Edition, string> = {
  de: "Von dieser Verbindung kamen in der letzten Stunde schon mehrere Nachrichten. Bitte versuchen Sie es später erneut.",
  en: "Several messages came from this connection within the last hour. Please try again later.",
};
const CHECK_FIELDS: Record<Edition, string> = { de: "Bitte prüfen Sie die markierten Felder.", en: "Please check the marked fields." };

/**
 * The hub's contact form (spec 6.1 form intake "contact"): the message waits, open, for an
 * editor in /admin/contact. Throttled per client (policy contactForm) once the fields pass; the
 * message and its activity entry commit together. No mail goes out now: the sender's address is
 * whatever a stranger typed, and only an editor's answer is worth sending there.
 */
export async function submitContactMessage(input: SubmitContactMessageInput): Promise<{ id: number }> {
  const now = input.now ?? new Date();
  const check = new FieldCheck(input.language);
  const name = check.text("name", input.name, { max: INTAKE_LIMITS.name });
  const email = check.email("email", input.email);
  const subject = check.text("subject", input.subject, { max: INTAKE_LIMITS.subject });
  const body = check.text("body", input.body, { min: CONTACT_TEXT_MIN, max: INTAKE_LIMITS.textMax });
  check.done(CHECK_FIELDS[input.language]);
  if (name === null || email === null || subject === null || body === null) throw new Error("unreachable: checked above");

  if (!(await getLimiter("contactForm").limit(clientKeyOfIp(input.clientIp))).success)
    throw new AppError("rate_limited", THROTTLED[input.language]);
  const ip = ipHmac(input.clientIp);
  return db.$transaction(async (tx) => {
    const message = await tx.contactMessage.create({
      data: {
        name,
        email,
        subject,
        body,
        language: input.language,
        status: "open",
        ipHmac: ip.value,
        ipHmacKeyVersion: ip.keyVersion,
        createdAt: now,
      },
      select: { id: true },
    });
    await recordActivity(
      {
        type: ACTIVITY.formIntake,
        path: "contact",
        subjectType: "contact_message",
        subjectId: message.id,
        metadata: { language: input.language },
      },
      tx,
    );
    return message;
  });
}
