import { paragraphMail } from "@/lib/mail/paragraph-mail";

/** The sign-in mail: the link, how long it works, and what to do if nobody here asked for it. */
export function loginLinkMail(opts: { url: string; ttlMinutes: number; locale: "de" | "en" }) {
  const de = opts.locale === "de";
  const subject = de ? "Ihr Anmeldelink" : "Your sign-in link";
  const intro = de
    ? `Mit diesem Link melden Sie sich an. Er gilt ${opts.ttlMinutes} Minuten und nur einmal.`
    : `Use this link to sign in. It works once and for ${opts.ttlMinutes} minutes.`;
  const action = de ? "Jetzt anmelden" : "Sign in now";
  const ignore = de
    ? "Sie haben keinen Link angefordert? Dann ignorieren Sie diese Nachricht; ohne den Link meldet sich niemand an."
    : "Did not ask for a link? Ignore this message; nobody can sign in without the link.";
  return paragraphMail(subject, [intro, ignore], { url: opts.url, label: action });
}
