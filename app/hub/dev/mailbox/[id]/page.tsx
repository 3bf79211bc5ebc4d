import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { parseRecordId } from "@/lib/core/input/ids";
import { isLocalMailboxOpenTo, readLocalMailboxMessage } from "@/lib/domains/mail/mailbox/local-mailbox";
import { SITE_NAMES } from "@/lib/domains/sites";
import styles from "./page.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "E-Mail – Lokales Postfach", robots: { index: false } };

export default async function LocalMailboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  if (!isLocalMailboxOpenTo(await headers())) notFound();
  const id = parseRecordId((await params).id);
  const message = id === null ? null : await readLocalMailboxMessage(id);
  if (!message) notFound();
  const mailHeaders = Object.entries({
    From: message.from,
    To: message.to,
    Subject: message.subject,
    ...(message.headers as Record<string, string>),
  });
  const attachments = message.attachments as { filename: string; contentType?: string }[];
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Lokales Postfach" homeHref="/" nav={[{ href: "/dev/mailbox", label: "Alle E-Mails" }]} />
      <main id="main" className="wrap">
        <p>
          <a href="/dev/mailbox">← Alle E-Mails</a>
        </p>
        <h1>{message.subject}</h1>
        <h2>Kopfzeilen</h2>
        <dl className="facts">
          {mailHeaders.map(([name, value]) => (
            <div key={name} className={styles.mailHeader}>
              <dt>{name}</dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
        {attachments.length ? (
          <>
            <h2>Anhänge</h2>
            <ul>
              {attachments.map((a) => (
                <li key={a.filename}>
                  {a.filename}
                  {a.contentType ? ` (${a.contentType})` : ""}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <h2>HTML-Teil</h2>
        {/* Sandboxed without scripts: the mail is shown as a mail client would, not run. */}
        <iframe title="HTML-Teil der E-Mail" sandbox="" srcDoc={message.html} className={styles.html} />
        <h2>Textteil</h2>
        {/* mail-text: browser tests read the mail's links from it. */}
        <pre className={`mail-text ${styles.text}`}>{message.text}</pre>
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
