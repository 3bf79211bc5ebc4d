// Well-known free-mail providers (spec 2.2: classification `consumer_mail`). An address there
// says nothing about which firm a person works for, so it must never grant newsroom rights by
// itself. Deliberately short: the providers our customers actually use, in Germany first. An
// address on a provider missing here can be classified by hand (manual_classification).
export const CONSUMER_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  // Germany, Austria, Switzerland
  "gmx.de",
  "gmx.net",
  "gmx.at",
  "gmx.ch",
  "web.de",
  "t-online.de",
  "freenet.de",
  "arcor.de",
  "online.de",
  "posteo.de",
  "mailbox.org",
  "bluewin.ch",
  "aon.at",
  // International
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "outlook.de",
  "hotmail.com",
  "hotmail.de",
  "live.com",
  "live.de",
  "msn.com",
  "yahoo.com",
  "yahoo.de",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "aol.de",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "mail.com",
  "zoho.com",
]);

// Local parts that name a function, not a person: many people read them, so a match says
// "works there" at most (classification `role_address`).
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  "info",
  "presse",
  "press",
  "kontakt",
  "contact",
  "office",
  "mail",
  "news",
  "pr",
  "media",
  "medien",
  "redaktion",
]);
