import { mailboxOf } from "@/lib/domains/accounts/login-links/recipient-budget";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import type { LegalRequestTrack } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { legalRequestReceivedMail } from "@/lib/domains/mail/templates/legal-request-received";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOfIp, ipHmac } from "@/lib/core/security/client-ip";
import { keyedHash } from "@/lib/core/security/keyed-hash";
import type { Edition } from "@/lib/domains/sites";
import { FieldCheck, INTAKE_LIMITS } from "./file-fields";
import { resolveReleaseReference } from "./resolve-release-reference";
import { PUBLIC_KINDS } from "@/lib/domains/legal-terms/request-status";
import { insertWithFreshReference } from "./legal-reference";

export type PublicKind = (typeof PUBLIC_KINDS)[number];

export interface FilePublicLegalRequestInput {
  /** Form values as sent; checked here, so a forged request meets the same rules as the form. */
  kind: unknown;
  name: unknown;
  email: unknown;
  subjectUrl: unknown;
  body: unknown;
  /** The page's edition: the language of the answers, the receipt and later mails. */
  language: Edition;
  /** The client's address (lib/core/security/client-ip.ts); kept only as its versioned HMAC. */
  clientIp: string;
  now?: Date;
}

export interface FiledPublicRequest {
  id: number;
  /** What the requester is told (form answer, receipt): random, unlike the id. */
  reference: string;
  pressReleaseId: number | null;
  receiptSent: boolean;
}

const THROTTLED: Record<Edition, string> = {
  de: "Von dieser Verbindung kamen in der letzten Stunde schon mehrere Anliegen. Bitte versuchen Sie es später erneut oder schreiben Sie uns per E-Mail.",
  en: "Several requests came from this connection within the last hour. Please try again later or write to us by e-mail.",
};
const CHECK_FIELDS: Record<Edition, string> = { de: "Bitte prüfen Sie die markierten Felder.", en: "Please check the marked fields." };

export function isPublicKind(value: unknown): value is PublicKind {
  return typeof value === "string" && (PUBLIC_KINDS as readonly string[]).includes(value);
}

/**
 * The release a reported address names, if it is one of ours and public now; anything else is
 * stored as given (the editor links the release when executing, if there is one).
 */
async function releaseNamedBy(tx: Tx, url: string, now: Date): Promise<{ id: number; companyId: number } | null> {
  try {
    const id = await resolveReleaseReference(tx, url, { publicAt: now });
    return await tx.pressRelease.findUniqueOrThrow({ where: { id }, select: { id: true, companyId: true } });
  } catch (err) {
    if (err instanceof AppError && err.code === "validation_failed") return null;
    throw err;
  }
}

/**
 * The public form's fallback path for legal matters (spec 4.4): anyone may file a `report`, a
 * `dsgvo` request or a `personal_rights` complaint; no other kind is stored from here. Throttled
 * per client (policy legalRequestForm) after the fields pass, so a typo costs nothing. The
 * request, its insert-only `received` event and the activity entry (form intake
 * "legal_request") commit together with the receipt mail in the outbox. The receipt goes to an
 * address a stranger typed in: it repeats nothing they wrote, and a mailbox gets at most a few a
 * day (policy intakeReceiptRecipient); past that the request is stored without a receipt.
 */
export async function filePublicLegalRequest(input: FilePublicLegalRequestInput): Promise<FiledPublicRequest> {
  const now = input.now ?? new Date();
  const language = input.language;
  const check = new FieldCheck(language);
  const kind: LegalRequestTrack | null = isPublicKind(input.kind) ? input.kind : null;
  if (!kind)
    check.issues.push({
      path: "kind",
      message: language === "de" ? "Bitte wählen Sie die Art Ihres Anliegens." : "Please choose the kind of your request.",
    });
  const name = check.text("name", input.name, { max: INTAKE_LIMITS.name });
  const email = check.email("email", input.email);
  // A DSGVO request may concern no page at all; a report and a complaint always name one.
  const subjectUrl = check.url("subjectUrl", input.subjectUrl, kind !== "dsgvo");
  const body = check.text("body", input.body, { min: INTAKE_LIMITS.textMin, max: INTAKE_LIMITS.textMax });
  check.done(CHECK_FIELDS[language]);
  if (!kind || name === null || email === null || subjectUrl === null || body === null) throw new Error("unreachable: checked above");

  if (!(await getLimiter("legalRequestForm").limit(clientKeyOfIp(input.clientIp))).success) {
    throw new AppError("rate_limited", THROTTLED[language]);
  }
  const mayReceipt = (await getLimiter("intakeReceiptRecipient").limit(keyedHash("intake-receipt-recipient", mailboxOf(email)))).success;
  const ip = ipHmac(input.clientIp);

  return db.$transaction(async (tx) => {
    const release = subjectUrl ? await releaseNamedBy(tx, subjectUrl, now) : null;
    const request = await insertWithFreshReference(tx, () =>
      tx.legalRequest.create({
        data: {
          track: kind,
          source: "form",
          status: "received",
          pressReleaseId: release?.id ?? null,
          companyId: release?.companyId ?? null,
          requesterName: name,
          requesterEmail: email,
          language,
          subjectUrl: subjectUrl || null,
          body,
          requesterIpHmac: ip.value,
          requesterIpHmacKeyVersion: ip.keyVersion,
          createdAt: now,
        },
        select: { id: true, reference: true },
      }),
    );
    await tx.legalRequestEvent.create({
      data: {
        legalRequestId: request.id,
        type: "received",
        actorUserId: null,
        data: { source: "form", track: kind, pressReleaseId: release?.id ?? null },
        createdAt: now,
      },
    });
    await recordActivity(
      {
        type: ACTIVITY.formIntake,
        path: "legal_request",
        subjectType: "legal_request",
        subjectId: request.id,
        metadata: { source: "form", track: kind, pressReleaseId: release?.id ?? null },
      },
      tx,
    );
    if (mayReceipt) {
      const mail = await legalRequestReceivedMail({ language, reference: request.reference, track: kind, name, viaDashboard: false });
      await sendMail({ to: email, ...mail, mailType: "legal_request_received" }, tx);
    }
    return { id: request.id, reference: request.reference, pressReleaseId: release?.id ?? null, receiptSent: mayReceipt };
  });
}
