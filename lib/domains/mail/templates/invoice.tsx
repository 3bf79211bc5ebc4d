import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, formatDate, formatMoney, hubUrl, P, type Copy } from "./parts";

export type InvoiceMailKind = "invoice" | "invoice_reminder";

export interface InvoiceMailProps {
  language: MailLanguage;
  kind: InvoiceMailKind;
  number: string;
  amountCents: number;
  currency: string;
  dueAt?: Date | null;
  /** Whether the PDF goes along (the delivery settings may send none to this address). */
  hasPdf: boolean;
  /**
   * Set when the mail goes to a separate invoice address (spec 4.6): that version names the
   * account it belongs to and has no login button, since its reader may have no access to it.
   */
  forAccount?: string | null;
}

const COPY: Copy<{
  subject: Record<InvoiceMailKind, (n: string) => string>;
  intro: Record<InvoiceMailKind, (n: string, amount: string) => string>;
  due: (date: string) => string;
  reminderCrossed: string;
  attached: string;
  inAccount: string;
  account: (who: string) => string;
  action: string;
}> = {
  de: {
    subject: { invoice: (n) => `Ihre Rechnung ${n}`, invoice_reminder: (n) => `Zahlungserinnerung: Rechnung ${n}` },
    intro: {
      invoice: (n, amount) => `vielen Dank für Ihren Auftrag. Hiermit erhalten Sie die Rechnung ${n} über ${amount}.`,
      invoice_reminder: (n, amount) => `zu unserer Rechnung ${n} über ${amount} konnten wir bisher keinen Zahlungseingang feststellen.`,
    },
    due: (date) => `Bitte begleichen Sie den Betrag bis zum ${date}.`,
    reminderCrossed: "Hat sich Ihre Zahlung mit dieser Erinnerung überschnitten, betrachten Sie sie bitte als gegenstandslos.",
    attached: "Die Rechnung liegt dieser E-Mail als PDF bei.",
    inAccount: "Die Rechnung finden Sie im Kundenbereich.",
    account: (who) => `Diese Rechnung gehört zum Pressdesk-Konto ${who}.`,
    action: "Rechnungen im Kundenbereich",
  },
  en: {
    subject: { invoice: (n) => `Your invoice ${n}`, invoice_reminder: (n) => `Payment reminder: invoice ${n}` },
    intro: {
      invoice: (n, amount) => `Thank you for your order. Here is invoice ${n} for ${amount}.`,
      invoice_reminder: (n, amount) => `We have not yet received payment for our invoice ${n} for ${amount}.`,
    },
    due: (date) => `Please pay the amount by ${date}.`,
    reminderCrossed: "If your payment and this reminder have crossed, please disregard it.",
    attached: "The invoice is attached to this e-mail as a PDF.",
    inAccount: "You will find the invoice in your account.",
    account: (who) => `This invoice belongs to the Pressdesk account ${who}.`,
    action: "Invoices in your account",
  },
};

const HELLO: Copy<string> = { de: "Guten Tag,", en: "Hello," };

/** Invoice and reminder mails (spec 4.6, 6.3); the PDF travels as an attachment of the outbox row. */
export async function invoiceMail(props: InvoiceMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro[props.kind](props.number, formatMoney(props.amountCents, props.currency, props.language));
  return renderMail(
    t.subject[props.kind](props.number),
    <MailLayout language={props.language} preview={intro}>
      <P>{HELLO[props.language]}</P>
      <P>{intro}</P>
      {props.dueAt ? <P>{t.due(formatDate(props.dueAt, props.language))}</P> : null}
      {props.kind === "invoice_reminder" ? <P>{t.reminderCrossed}</P> : null}
      <P>{props.hasPdf ? t.attached : t.inAccount}</P>
      {props.forAccount ? (
        <P>{t.account(props.forAccount)}</P>
      ) : (
        <Action href={mailLink(hubUrl("/dashboard"), { src: props.kind })}>{t.action}</Action>
      )}
    </MailLayout>,
  );
}
