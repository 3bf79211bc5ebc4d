import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, P, type Copy } from "./parts";

// The two answers to a registration. Both carry a login-link token URL, exactly as the link
// page expects it (no tracking parameters), and it is the first hub address in the mail.

/**
 * What of a typed-in name a mail may repeat: letters, digits and the few marks names use, at most
 * 60. A stranger can register any address with any "name"; the mail then goes to the address's
 * owner, so a name like "Ihr Konto ist gesperrt: https://…" must not arrive there as our words.
 */
export function plainName(name: string): string {
  // A dot only where names have one ("Dr. Wendt"), never inside a word: "evil.example" is a link.
  return name
    .normalize("NFKC")
    .replace(/[^\p{L}\p{M}\p{N} .'’-]/gu, " ")
    .replace(/\.(?=\S)/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60)
    .trim();
}

const CONFIRM: Copy<{
  subject: string;
  hello: (name: string) => string;
  intro: (ttl: number) => string;
  action: string;
  browser: string;
  ignore: string;
}> = {
  de: {
    subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    hello: (name) => (name ? `Hallo ${name},` : "Hallo,"),
    intro: (ttl) =>
      `willkommen bei Pressdesk. Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link (gültig ${ttl} Minuten, einmal verwendbar):`,
    action: "E-Mail-Adresse bestätigen",
    browser:
      "Öffnen Sie ihn in dem Browser, in dem Sie sich registriert haben: Dann gilt Ihr Passwort sofort. In einem anderen Browser meldet der Link Sie an, und Sie legen Ihr Passwort unter „Sicherheit“ neu fest.",
    ignore: "Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.",
  },
  en: {
    subject: "Please confirm your e-mail address",
    hello: (name) => (name ? `Hello ${name},` : "Hello,"),
    intro: (ttl) => `welcome to Pressdesk. Please confirm your e-mail address with this link (valid for ${ttl} minutes, works once):`,
    action: "Confirm e-mail address",
    browser:
      "Open it in the browser you registered in: then your password applies at once. In any other browser the link signs you in, and you set your password again under “Security”.",
    ignore: "If you did not register, ignore this e-mail.",
  },
};

/** A new account: confirm the address with the link. */
export async function registrationConfirmMail(props: {
  name: string;
  url: string;
  ttlMinutes: number;
  language: MailLanguage;
}): Promise<RenderedMail> {
  const t = CONFIRM[props.language];
  const intro = t.intro(props.ttlMinutes);
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={t.subject}>
      <P>{t.hello(plainName(props.name))}</P>
      <P>{intro}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.browser}</P>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}

/** A mail of one link: greeting, what the link does, the button, what to do if it was not you. */
type LinkMailCopy = Copy<{ subject: string; hello: string; intro: (ttl: number) => string; action: string; ignore: string }>;

const EXISTING: LinkMailCopy = {
  de: {
    subject: "Sie haben bereits ein Konto",
    hello: "Hallo,",
    intro: (ttl) =>
      `jemand wollte mit dieser Adresse ein neues Konto anlegen. Sie haben bereits ein Konto. Mit diesem Link melden Sie sich an (gültig ${ttl} Minuten):`,
    action: "Jetzt anmelden",
    ignore: "Waren Sie das nicht, können Sie diese E-Mail ignorieren.",
  },
  en: {
    subject: "You already have an account",
    hello: "Hello,",
    intro: (ttl) =>
      `someone tried to create a new account with this address. You already have one. Use this link to sign in (valid for ${ttl} minutes):`,
    action: "Sign in now",
    ignore: "If this was not you, you can ignore this e-mail.",
  },
};

/** A registration for an address that has an account: a sign-in link instead of a second account. */
export function registrationExistingMail(props: LinkMailProps): Promise<RenderedMail> {
  return linkMail(EXISTING, props);
}

const BY_LINK: LinkMailCopy = {
  de: {
    subject: "Ihr Link zur Registrierung",
    hello: "Hallo,",
    intro: (ttl) =>
      `Sie haben einen Anmeldelink für diese Adresse angefordert. Zu ihr gibt es noch kein Konto: Mit diesem Link legen Sie eines an und melden sich an (gültig ${ttl} Minuten, einmal verwendbar).`,
    action: "Konto anlegen",
    ignore: "Sie haben keinen Link angefordert? Dann ignorieren Sie diese Nachricht; ohne den Link entsteht kein Konto.",
  },
  en: {
    subject: "Your link to register",
    hello: "Hello,",
    intro: (ttl) =>
      `You asked for a sign-in link for this address. There is no account for it yet: this link creates one and signs you in (valid for ${ttl} minutes, works once).`,
    action: "Create account",
    ignore: "Did not ask for a link? Ignore this message; without the link no account is created.",
  },
};

/** A login link asked for by an address without an account: the link registers it (spec 6.1). */
export function registrationLinkMail(props: LinkMailProps): Promise<RenderedMail> {
  return linkMail(BY_LINK, props);
}

interface LinkMailProps {
  url: string;
  ttlMinutes: number;
  language: MailLanguage;
}

async function linkMail(copy: LinkMailCopy, props: LinkMailProps): Promise<RenderedMail> {
  const t = copy[props.language];
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={t.subject}>
      <P>{t.hello}</P>
      <P>{t.intro(props.ttlMinutes)}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}
