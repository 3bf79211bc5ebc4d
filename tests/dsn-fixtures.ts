import { randomBytes } from "node:crypto";

// Bounces as real mail servers write them (RFC 3464), built per test so the returned headers can
// carry a reference header signed for the recipient the test chooses. Each takes the fields a
// test varies; the rest is what Postfix and Exchange actually send.

export interface DsnFixture {
  /** Final-Recipient (and, unless given, Original-Recipient). */
  recipient: string;
  originalRecipient?: string | null;
  /** The value of our reference header in the returned headers; null or absent: no header. */
  ref?: string | null;
  refHeaderName?: string;
  status?: string;
  diagnostic?: string;
  action?: string;
  messageId?: string;
}

const CRLF = "\r\n";
const lines = (...l: (string | false | undefined)[]) => l.filter((x): x is string => typeof x === "string").join(CRLF);
export const dsnMessageId = () => `<${Date.now()}.${randomBytes(6).toString("hex")}@mx.example.net>`;

function returnedHeaders(f: DsnFixture): string {
  return lines(
    "Return-Path: <bounces@pressdesk.example>",
    "Received: by mail.pressdesk.example (Postfix) id 4XyZ1; Wed,  5 Feb 2025 09:14:00 +0100 (CET)",
    "From: Pressdesk <noreply@pressdesk.example>",
    `To: ${f.originalRecipient ?? f.recipient}`,
    "Subject: Ihre Pressemitteilung wurde veroeffentlicht",
    "Message-ID: <o42@pressdesk.example>",
    f.ref ? `${f.refHeaderName ?? "X-PD-Ref"}: ${f.ref}` : undefined,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
  );
}

function recipientBlock(f: DsnFixture, opts: { status: boolean }): string {
  const original = f.originalRecipient === undefined ? f.recipient : f.originalRecipient;
  return lines(
    `Final-Recipient: rfc822; ${f.recipient}`,
    original ? `Original-Recipient: rfc822;${original}` : undefined,
    `Action: ${f.action ?? "failed"}`,
    opts.status ? `Status: ${f.status ?? "5.1.1"}` : undefined,
    "Remote-MTA: dns; mx.example.org",
    // Folded the way Postfix folds long diagnostics.
    `Diagnostic-Code: smtp; ${f.diagnostic ?? `550 5.1.1 <${f.recipient}>: Recipient address`}`,
    f.diagnostic ? undefined : "    rejected: User unknown in virtual mailbox table",
  );
}

/** Postfix: text/plain explanation, message/delivery-status, text/rfc822-headers. */
export function postfixDsn(f: DsnFixture, extra: DsnFixture[] = []): string {
  const b = `4XyZ1.1738743241/mx.example.net`;
  return lines(
    "Return-Path: <>",
    "Received: by mx.example.net (Postfix) id 7Q2Rb; Wed,  5 Feb 2025 09:14:01 +0100 (CET)",
    "Date: Wed,  5 Feb 2025 09:14:01 +0100 (CET)",
    "From: MAILER-DAEMON@mx.example.net (Mail Delivery System)",
    "Subject: Undelivered Mail Returned to Sender",
    "To: bounces@pressdesk.example",
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status;${CRLF}\tboundary="${b}"`,
    "Content-Transfer-Encoding: 7bit",
    `Message-Id: ${f.messageId ?? dsnMessageId()}`,
    "",
    "This is a MIME-encapsulated message.",
    "",
    `--${b}`,
    "Content-Description: Notification",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host mx.example.net.",
    "",
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients. It's attached below.",
    "",
    `<${f.recipient}>: host mx.example.org[192.0.2.25] said: 550 5.1.1`,
    "    Recipient address rejected (in reply to RCPT TO command)",
    "",
    `--${b}`,
    "Content-Description: Delivery report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "X-Postfix-Queue-ID: 4XyZ1",
    "X-Postfix-Sender: rfc822; bounces@pressdesk.example",
    "Arrival-Date: Wed,  5 Feb 2025 09:14:00 +0100 (CET)",
    "",
    ...[f, ...extra].flatMap((r) => [recipientBlock(r, { status: true }), ""]),
    `--${b}`,
    "Content-Description: Undelivered Message Headers",
    "Content-Type: text/rfc822-headers",
    "",
    returnedHeaders(f),
    "",
    `--${b}--`,
    "",
  );
}

/** Exchange Online: an alternative text/HTML notice, CRLF, X- fields, 5.1.10 with its resolver text. */
export function exchangeDsn(f: DsnFixture): string {
  const b = "_000_AM0PR01MB12345B0D2E6A1C3F8B1AM0PR01MB1234eurp_";
  const alt = "_001_AM0PR01MB12345B0D2E6A1C3F8B1AM0PR01MB1234eurp_";
  const original = f.originalRecipient === undefined ? f.recipient : f.originalRecipient;
  return lines(
    "From: Microsoft Outlook <postmaster@contoso.example>",
    "To: <bounces@pressdesk.example>",
    "Date: Wed, 5 Feb 2025 08:14:02 +0000",
    `Content-Type: multipart/report; report-type=delivery-status;${CRLF}\tboundary="${b}"`,
    "X-MS-Exchange-Message-Is-Ndr:",
    "Content-Language: en-US",
    `Message-ID: ${f.messageId ?? dsnMessageId()}`,
    "Subject: Undeliverable: Ihre Pressemitteilung wurde veroeffentlicht",
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    "",
    `--${b}`,
    `Content-Type: multipart/alternative; differences=Content-Type;${CRLF}\tboundary="${alt}"`,
    "",
    `--${alt}`,
    'Content-Type: text/plain; charset="us-ascii"',
    "",
    "Your message to bob couldn't be delivered.",
    "bob wasn't found at contoso.example.",
    "",
    `--${alt}`,
    'Content-Type: text/html; charset="us-ascii"',
    "",
    "<html><body><p>Your message to bob couldn't be delivered.</p></body></html>",
    "",
    `--${alt}--`,
    "",
    `--${b}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns;AM0PR01MB1234.eurprd01.prod.exchangelabs.com",
    "Received-From-MTA: dns;mail.pressdesk.example",
    "Arrival-Date: Wed, 5 Feb 2025 08:14:00 +0000",
    "",
    original ? `Original-Recipient: rfc822;${original}` : undefined,
    `Final-Recipient: rfc822;${f.recipient}`,
    `Action: ${f.action ?? "failed"}`,
    `Status: ${f.status ?? "5.1.10"}`,
    `Diagnostic-Code: smtp;${f.diagnostic ?? "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup"}`,
    "X-Display-Name: Bob",
    "",
    "",
    `--${b}`,
    "Content-Type: text/rfc822-headers",
    "",
    returnedHeaders(f),
    "",
    `--${b}--`,
    "",
  );
}

/** A report whose recipient block has no Status field: the code must come from the diagnostic. */
export function dsnWithoutStatus(f: DsnFixture): string {
  const b = "=_no-status-report";
  return lines(
    "From: Mail Delivery Subsystem <mailer-daemon@legacy.example.com>",
    "To: bounces@pressdesk.example",
    "Subject: Returned mail: see transcript for details",
    `Message-ID: ${f.messageId ?? dsnMessageId()}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"`,
    "",
    `--${b}`,
    "Content-Type: text/plain",
    "",
    "The original message was received but could not be delivered.",
    "",
    `--${b}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; legacy.example.com",
    "",
    recipientBlock(f, { status: false }),
    "",
    `--${b}`,
    "Content-Type: text/rfc822-headers",
    "",
    returnedHeaders(f),
    "",
    `--${b}--`,
    "",
  );
}

/** A report that returns the whole original message as message/rfc822 (sendmail, Exim). */
export function dsnWithReturnedMessage(f: DsnFixture): string {
  const b = "1EXIM-report-boundary";
  return lines(
    "From: Mail Delivery System <Mailer-Daemon@smtp.example.com>",
    "To: bounces@pressdesk.example",
    "Subject: Mail delivery failed: returning message to sender",
    `Message-Id: ${f.messageId ?? dsnMessageId()}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary=${b}`,
    "",
    `--${b}`,
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This message was created automatically by mail delivery software.",
    "",
    `--${b}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; smtp.example.com",
    "",
    recipientBlock(f, { status: true }),
    "",
    `--${b}`,
    "Content-Type: message/rfc822",
    "",
    returnedHeaders(f),
    "",
    "Guten Tag,",
    "",
    "Ihre Pressemitteilung ist online.",
    "",
    `--${b}--`,
    "",
  );
}
