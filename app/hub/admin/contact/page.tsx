import type { Metadata } from "next";
import Link from "next/link";
import { ContactMessageTable } from "@/components/legal/contact-message-table";
import { FormActions } from "@/components/ui/form-actions";
import { StatusTabs } from "@/components/ui/status-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import type { ContactMessageStatus } from "@/lib/generated/prisma/enums";
import { parseRecordId } from "@/lib/core/input/ids";
import {
  CONTACT_PAGE_SIZE,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  listContactMessages,
  parseContactStatus,
} from "@/lib/domains/legal/contact/list-contact-messages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Kontaktanfragen" };

const href = (status: ContactMessageStatus, page = 1) => `/admin/contact?status=${status}${page > 1 ? `&page=${page}` : ""}`;

/** Messages from the hub's contact form (spec 6.1): open ones oldest first, answered and closed newest first. */
export default async function ContactQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin(ADMIN_SCREENS.contact.permission);
  const params = await searchParams;
  const status = parseContactStatus(params.status);
  const queue = await listContactMessages({ status, page: parseRecordId(params.page) ?? 1 });
  return (
    <>
      <PageHeader
        title="Kontaktanfragen"
        description="Nachrichten über das Kontaktformular des Hubs. Eine Antwort geht per E-Mail an die Absenderin oder den Absender; jede Antwort und jedes Schließen wird im Aktivitätsprotokoll vermerkt."
      />
      <StatusTabs
        label="Kontaktanfragen nach Status"
        current={status}
        tabs={CONTACT_STATUSES.map((s) => ({ key: s, label: CONTACT_STATUS_LABELS[s], count: queue.counts[s], href: href(s) }))}
      />
      {queue.rows.length ? (
        <ContactMessageTable rows={queue.rows} status={status} />
      ) : (
        <p className="empty">Keine Nachrichten in dieser Ansicht.</p>
      )}
      {queue.pageCount > 1 ? (
        <FormActions as="nav" aria-label="Seiten der Liste">
          {queue.page > 1 ? <Link href={href(status, queue.page - 1)}>Vorherige Seite</Link> : null}
          {queue.page < queue.pageCount ? <Link href={href(status, queue.page + 1)}>Nächste Seite</Link> : null}
          <span className="meta">
            Seite {queue.page} von {queue.pageCount}, je {CONTACT_PAGE_SIZE} Nachrichten
          </span>
        </FormActions>
      ) : null}
    </>
  );
}
