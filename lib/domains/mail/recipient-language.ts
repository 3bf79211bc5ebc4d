import type { MailLanguage } from "./templates/layout";

export interface RecipientLanguageHints {
  /** The language the recipient chose for their account. */
  userLocale?: MailLanguage | null;
  /** The language a newsletter subscriber (without an account) chose when subscribing. */
  subscriberLanguage?: MailLanguage | null;
  /** The language of the release the mail is about. */
  releaseLanguage?: MailLanguage | null;
}

/**
 * The one rule for the language of a mail: the recipient's own choice (account, then
 * subscription) beats what the mail is about (the release), because a German-speaking press
 * officer who files an English release still reads German mail. German when nothing is known,
 * like the hub.
 */
export function recipientLanguage(hints: RecipientLanguageHints): MailLanguage {
  return hints.userLocale ?? hints.subscriberLanguage ?? hints.releaseLanguage ?? "de";
}
