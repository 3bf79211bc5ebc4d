import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, hubUrl, P, type Copy } from "./parts";

export interface WebhookEndpointDisabledMailProps {
  language: MailLanguage;
  endpointId: number;
  url: string;
  newsroom: string;
}

const COPY: Copy<{ subject: string; intro: (url: string, newsroom: string) => string; next: string; view: string }> = {
  de: {
    subject: "Webhook abgeschaltet: Ihr Empfänger antwortet seit drei Tagen nicht",
    intro: (url, newsroom) =>
      `Seit drei Tagen ist jede Zustellung an Ihren Webhook ${url} (Newsroom „${newsroom}“) fehlgeschlagen. Wir haben ihn deshalb abgeschaltet.`,
    next: "Im Zustellprotokoll sehen Sie jede Antwort Ihres Empfängers. Wenn er wieder erreichbar ist, schalten Sie den Webhook wieder ein; auf Wunsch senden wir dabei alles nach, was er verpasst hat.",
    view: "Webhook ansehen",
  },
  en: {
    subject: "Webhook disabled: your receiver has failed for three days",
    intro: (url, newsroom) =>
      `Every delivery to your webhook ${url} (newsroom "${newsroom}") has failed for three days, so we have disabled it.`,
    next: "The delivery log shows each answer of your receiver. Once it works again, enable the webhook; on request we resend everything it missed.",
    view: "View the webhook",
  },
};

/** Sent to a newsroom's owners when an endpoint is switched off after three days of failures. */
export async function webhookEndpointDisabledMail(props: WebhookEndpointDisabledMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.url, props.newsroom);
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <P>{t.next}</P>
      <Action href={hubUrl(`/dashboard/webhooks/${props.endpointId}`)}>{t.view}</Action>
    </MailLayout>,
  );
}
