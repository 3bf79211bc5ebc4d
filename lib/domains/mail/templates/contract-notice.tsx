import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, formatDate, formatDateTime, hubUrl, P, type Copy } from "./parts";

export type ContractNoticeKind = "contract_cancellation" | "contract_withdrawal";

export interface ContractNoticeMailProps {
  language: MailLanguage;
  kind: ContractNoticeKind;
  /** The contract as the customer knows it, e.g. "Paket Business". */
  contract: string;
  /** When the notice reached us (§312k BGB: the confirmation names date and time). */
  receivedAt: Date;
  /** When the contract ends. */
  endsAt: Date;
}

const COPY: Copy<{
  subject: Record<ContractNoticeKind, string>;
  received: Record<ContractNoticeKind, (c: string, at: string) => string>;
  ends: (d: string) => string;
  withdrawal: string;
  action: string;
}> = {
  de: {
    subject: { contract_cancellation: "Eingangsbestätigung Ihrer Kündigung", contract_withdrawal: "Eingangsbestätigung Ihres Widerrufs" },
    received: {
      contract_cancellation: (c, at) => `wir haben Ihre Kündigung des Vertrags „${c}“ am ${at} erhalten.`,
      contract_withdrawal: (c, at) => `wir haben Ihren Widerruf des Vertrags „${c}“ am ${at} erhalten.`,
    },
    ends: (d) => `Der Vertrag endet am ${d}. Bis dahin können Sie ihn wie gewohnt nutzen.`,
    withdrawal:
      "Der Vertrag ist mit sofortiger Wirkung beendet. Bereits gezahlte Beträge erstatten wir innerhalb von 14 Tagen auf dem Zahlungsweg, den Sie verwendet haben.",
    action: "Zur Abrechnung",
  },
  en: {
    subject: { contract_cancellation: "We received your cancellation", contract_withdrawal: "We received your withdrawal" },
    received: {
      contract_cancellation: (c, at) => `we received your cancellation of the contract "${c}" on ${at}.`,
      contract_withdrawal: (c, at) => `we received your withdrawal from the contract "${c}" on ${at}.`,
    },
    ends: (d) => `The contract ends on ${d}. Until then you can use it as usual.`,
    withdrawal:
      "The contract has ended with immediate effect. We will refund any amounts paid within 14 days, using the payment method you used.",
    action: "Go to billing",
  },
};

const HELLO: Copy<string> = { de: "Guten Tag,", en: "Hello," };

/** Confirmation of a cancellation (§312k BGB) or a withdrawal, with the moment it was received. */
export async function contractNoticeMail(props: ContractNoticeMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const received = t.received[props.kind](props.contract, formatDateTime(props.receivedAt, props.language));
  return renderMail(
    t.subject[props.kind],
    <MailLayout language={props.language} preview={received}>
      <P>{HELLO[props.language]}</P>
      <P>{received}</P>
      <P>{props.kind === "contract_withdrawal" ? t.withdrawal : t.ends(formatDate(props.endsAt, props.language))}</P>
      <Action href={mailLink(hubUrl("/dashboard/billing"), { src: props.kind })}>{t.action}</Action>
    </MailLayout>,
  );
}
