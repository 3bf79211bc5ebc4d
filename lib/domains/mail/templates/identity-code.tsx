import { Text } from "@react-email/components";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, paragraph, type MailLanguage } from "./layout";
import { P, type Copy } from "./parts";

export interface IdentityCodeMailProps {
  code: string;
  ttlMinutes: number;
  language: MailLanguage;
}

const COPY: Copy<{ subject: string; intro: (ttl: number) => string; warn: string }> = {
  de: {
    subject: "Ihr Bestätigungscode",
    intro: (ttl) => `Mit diesem Code bestätigen Sie Ihre Identität. Er gilt ${ttl} Minuten und nur einmal.`,
    warn: "Sie haben keinen Code angefordert? Dann ist jemand mit Ihrer Sitzung angemeldet: Ändern Sie Ihr Passwort und melden Sie alle Geräte ab.",
  },
  en: {
    subject: "Your confirmation code",
    intro: (ttl) => `Use this code to confirm your identity. It works once and for ${ttl} minutes.`,
    warn: "Did not ask for a code? Then someone is using your session: change your password and sign out all devices.",
  },
};

const codeStyle = { ...paragraph, fontSize: "24px", fontWeight: 700, letterSpacing: "4px" };

/** The mail with the confirmation code: the code, how long it works, what to do if it was not you. */
export async function identityCodeMail(props: IdentityCodeMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.ttlMinutes);
  // The code stays out of the subject and the preview: both show up in notifications and lists.
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <Text style={codeStyle}>{props.code}</Text>
      <P>{t.warn}</P>
    </MailLayout>,
  );
}
