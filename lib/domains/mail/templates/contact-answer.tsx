import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { formatDate, P, type Copy } from "./parts";
import { plainName } from "./registration";

export interface ContactAnswerMailProps {
  language: MailLanguage;
  /** The sender's name as typed; only its plain part is repeated. */
  name: string;
  /** The subject the sender gave, repeated so they recognise the thread. */
  subject: string;
  receivedAt: Date;
  /** The editor's answer, plain text; blank lines separate paragraphs. */
  answer: string;
}

const COPY: Copy<{
  subject: (s: string) => string;
  hello: (name: string) => string;
  intro: (date: string, s: string) => string;
  regards: string;
}> = {
  de: {
    subject: (s) => `Antwort auf Ihre Nachricht: ${s}`,
    hello: (name) => (name ? `Hallo ${name},` : "Guten Tag,"),
    intro: (date, s) => `vielen Dank für Ihre Nachricht vom ${date} („${s}“). Unsere Antwort:`,
    regards: "Mit freundlichen Grüßen\nIhr Pressdesk-Team",
  },
  en: {
    subject: (s) => `Re: ${s}`,
    hello: (name) => (name ? `Hello ${name},` : "Hello,"),
    intro: (date, s) => `thank you for your message of ${date} ("${s}"). Our answer:`,
    regards: "Kind regards\nThe Pressdesk team",
  },
};

/** A subject typed by the sender, on one line and short enough for a mail subject. */
function subjectLine(subject: string): string {
  const line = subject
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** An editor's answer to a message from the hub's contact form (spec 6.1 form intake "contact"). */
export async function contactAnswerMail(props: ContactAnswerMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const subject = subjectLine(props.subject);
  const paragraphs = props.answer
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return renderMail(
    t.subject(subject),
    <MailLayout language={props.language} preview={paragraphs[0] ?? subject}>
      <P>{t.hello(plainName(props.name))}</P>
      <P>{t.intro(formatDate(props.receivedAt, props.language), subject)}</P>
      {paragraphs.map((p, i) => (
        <P key={i}>
          {p.split(/\r?\n/).map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </P>
      ))}
      <P>
        {t.regards.split("\n").map((line, j) => (
          <span key={j}>
            {j > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </P>
    </MailLayout>,
  );
}
