import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { Table } from "@/components/ui/table";
import { isLocalMailboxOpenTo, listLocalMailbox } from "@/lib/domains/mail/mailbox/local-mailbox";
import { SITE_NAMES } from "@/lib/domains/sites";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Lokales Postfach", robots: { index: false } };

const param = (v: string | string[] | undefined) => (typeof v === "string" ? v : null);
const time = new Intl.DateTimeFormat("de-DE", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Berlin" });

// Every mail the embedded default "sent": it stays on this machine and is read here.
export default async function LocalMailboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!isLocalMailboxOpenTo(await headers())) notFound();
  const query = await searchParams;
  const to = param(query.to);
  const { messages, total, waiting, page, pages } = await listLocalMailbox({ to, page: Number(param(query.page)) || 1 });
  const pageHref = (p: number) => `/dev/mailbox?${new URLSearchParams({ ...(to ? { to } : {}), page: String(p) })}`;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Lokales Postfach" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Lokales Postfach</h1>
        <p>
          Ohne <code>RESEND_API_KEY</code> verlässt keine E-Mail diesen Rechner: Anmeldelinks, Codes und Benachrichtigungen landen hier,
          genau so, wie sie versendet würden (mit Kopfzeilen und Textteil).
        </p>
        {waiting ? (
          <Notice tone="warning" role="status">
            {waiting} Nachricht(en) warten noch im Ausgang.
          </Notice>
        ) : null}
        <form className="search" role="search" action="/dev/mailbox">
          <input
            id="mailbox-to"
            name="to"
            type="search"
            aria-label="Empfänger"
            placeholder="Empfänger filtern, z. B. name@example.com"
            defaultValue={to ?? ""}
          />
          <Button type="submit">Filtern</Button>
        </form>
        {messages.length === 0 ? (
          <p className="empty">Noch keine E-Mails{to ? " an diese Adresse" : ""}.</p>
        ) : (
          <Table caption={`${total} E-Mail(s), neueste zuerst`} showCaption>
            <thead>
              <tr>
                <th scope="col">Empfangen</th>
                <th scope="col">An</th>
                <th scope="col">Betreff</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td className="meta">{time.format(m.createdAt)}</td>
                  <td>{m.to}</td>
                  <td>
                    <a href={`/dev/mailbox/${m.id}`}>{m.subject}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {pages > 1 ? (
          <FormActions as="nav" aria-label="Seiten">
            {page > 1 ? <a href={pageHref(page - 1)}>Neuere</a> : null}
            <span className="meta">
              Seite {page} von {pages}
            </span>
            {page < pages ? <a href={pageHref(page + 1)}>Ältere</a> : null}
          </FormActions>
        ) : null}
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
