import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ContactAnswerForm } from "@/components/legal/contact-answer-form";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { parseRecordId } from "@/lib/core/input/ids";
import { ANSWER_MAX, ANSWER_MIN } from "@/lib/domains/legal/contact/answer-contact-message";
import { CONTACT_STATUS_LABELS, loadContactMessage } from "@/lib/domains/legal/contact/list-contact-messages";
import { mailtoHref } from "@/lib/domains/legal/mailto-href";
import { answerContact, closeContact } from "../actions";
import type { ContactMessageStatus } from "@/lib/generated/prisma/enums";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Kontaktanfrage" };

const CONTACT_STATUS_TONES: Record<ContactMessageStatus, BadgeTone> = { open: "info", answered: "success", closed: "muted" };

/** One contact message: who wrote what, and the answer form while it is open. */
export default async function ContactMessagePage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin(ADMIN_SCREENS.contact.permission);
  const id = parseRecordId((await params).id);
  const message = id === null ? null : await loadContactMessage(id);
  if (!message) notFound();
  return (
    <>
      <PageHeader back={{ href: `/admin/contact?status=${message.status}`, label: "Kontaktanfragen" }} title={message.subject} />
      <dl className="facts">
        <dt>Von</dt>
        <dd>
          {message.name} · <a href={mailtoHref(message.email)}>{message.email}</a>
        </dd>
        <dt>Eingegangen</dt>
        <dd>{formatBerlin(message.createdAt)}</dd>
        <dt>Sprache</dt>
        <dd>{message.language === "de" ? "Deutsch" : "Englisch"}</dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={CONTACT_STATUS_TONES[message.status]}>{CONTACT_STATUS_LABELS[message.status]}</Badge>
          {message.answeredAt
            ? ` · ${formatBerlin(message.answeredAt)}${message.answeredBy ? ` von ${message.answeredBy.name}` : ""}`
            : null}
        </dd>
      </dl>
      <section className="panel" aria-labelledby="contact-message-heading">
        <h2 id="contact-message-heading">Nachricht</h2>
        <p className="legal-text" lang={message.language}>
          {message.body}
        </p>
      </section>
      {message.status === "open" ? (
        <section aria-labelledby="contact-answer-heading">
          <h2 id="contact-answer-heading">Antworten</h2>
          <ContactAnswerForm
            answer={answerContact.bind(null, message.id)}
            close={closeContact.bind(null, message.id)}
            language={message.language}
            minLength={ANSWER_MIN}
            maxLength={ANSWER_MAX}
          />
        </section>
      ) : message.answer ? (
        <section className="panel" aria-labelledby="contact-sent-heading">
          <h2 id="contact-sent-heading">Gesendete Antwort</h2>
          <p className="legal-text" lang={message.language}>
            {message.answer}
          </p>
        </section>
      ) : (
        <p className="meta">Ohne Antwort geschlossen; es ging keine E-Mail hinaus.</p>
      )}
    </>
  );
}
