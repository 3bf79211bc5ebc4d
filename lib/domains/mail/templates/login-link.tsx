import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, P, type Copy } from "./parts";

export interface LoginLinkMailProps {
  /** The token URL, exactly as the link page expects it: no tracking parameters. */
  url: string;
  ttlMinutes: number;
  language: MailLanguage;
}

const COPY: Copy<{ subject: string; intro: (ttl: number) => string; action: string; ignore: string }> = {
  de: {
    subject: "Ihr Anmeldelink",
    intro: (ttl) => `Mit diesem Link melden Sie sich an. Er gilt ${ttl} Minuten und nur einmal.`,
    action: "Jetzt anmelden",
    ignore: "Sie haben keinen Link angefordert? Dann ignorieren Sie diese Nachricht; ohne den Link meldet sich niemand an.",
  },
  en: {
    subject: "Your sign-in link",
    intro: (ttl) => `Use this link to sign in. It works once and for ${ttl} minutes.`,
    action: "Sign in now",
    ignore: "Did not ask for a link? Ignore this message; nobody can sign in without the link.",
  },
};

/** The sign-in mail: the link, how long it works, and what to do if nobody here asked for it. */
export async function loginLinkMail(props: LoginLinkMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.ttlMinutes);
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}
