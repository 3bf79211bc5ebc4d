import Link from "next/link";
import { Table } from "@/components/ui/table";
import { RELEASE_LIST_VIEWS } from "@/lib/adapters/dashboard/release-list-views";
import type { CustomerOverview, NextStep } from "@/lib/adapters/dashboard/overview";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { cx } from "@/components/ui/class-names";
import figures from "@/components/ui/figure-cards.module.css";
import styles from "./customer-overview.module.css";

const STEP_TEXT: Record<NextStep, { title: string; text: string }> = {
  create_newsroom: { title: "Newsroom anlegen", text: "Unter ihm erscheinen Ihre Pressemitteilungen auf dem Portal." },
  complete_profile: {
    title: "Newsroom vervollständigen",
    text: "Logo, Kurzbeschreibung und Pressekontakt stehen unter jeder Ihrer Meldungen und auf Ihrer Newsroom-Seite.",
  },
  book_plan: { title: "Paket buchen", text: "Ihr Kontingent für diesen Monat ist aufgebraucht; ein Paket gibt Ihnen mehr." },
  continue_draft: { title: "Entwurf fortsetzen", text: "Ihr zuletzt bearbeiteter Entwurf wartet darauf, eingereicht zu werden." },
  first_release: { title: "Erste Pressemitteilung schreiben", text: "Die automatische Prüfung folgt gleich nach dem Einreichen." },
};

const n = (v: number) => v.toLocaleString("de-DE");

/** The start page's body for a customer with a newsroom. */
export function CustomerOverviewView({ overview }: { overview: CustomerOverview }) {
  const { quota, byStatus, latestPublished, nextSteps } = overview;
  const counted = RELEASE_LIST_VIEWS.filter((v) => v.status && (v.always || byStatus[v.status]));
  return (
    <>
      <section aria-labelledby="figures-heading" className={figures.section}>
        <h2 id="figures-heading" className="visually-hidden">
          Kennzahlen
        </h2>
        <ul className={cx(figures.cards, styles.narrow)}>
          <li>
            <Link href="/dashboard/billing" className={figures.card}>
              <span className={figures.label}>Kontingent diesen Monat</span>
              <span className={figures.figure}>
                {n(quota.used)} <span className={styles.of}>von {n(quota.limit)}</span>
              </span>
              <span className={figures.hint}>
                {quota.remaining
                  ? `Noch ${n(quota.remaining)} Veröffentlichungen frei.`
                  : "Aufgebraucht: mehr über ein Paket oder Guthaben."}
              </span>
            </Link>
          </li>
          {counted.map((v) => (
            <li key={v.key}>
              <Link href={`/dashboard/releases?status=${v.key}`} className={figures.card}>
                <span className={figures.label}>{v.label}</span>
                <span className={figures.figure}>{n(byStatus[v.status!] ?? 0)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {nextSteps.length ? (
        <section aria-labelledby="steps-heading" className={figures.section}>
          <h2 id="steps-heading">Nächste Schritte</h2>
          <ol className={styles.steps}>
            {nextSteps.map((s) => (
              <li key={s.step}>
                <Link href={s.href}>{STEP_TEXT[s.step].title}</Link>
                <span className={figures.hint}> {STEP_TEXT[s.step].text}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="latest-heading" className={figures.section}>
        <h2 id="latest-heading">Zuletzt veröffentlicht</h2>
        {latestPublished.length ? (
          <Table caption="Ihre zuletzt veröffentlichten Pressemitteilungen mit Aufrufen">
            <thead>
              <tr>
                <th scope="col">Pressemitteilung</th>
                <th scope="col">Veröffentlicht</th>
                <th scope="col" className="amount">
                  Aufrufe
                </th>
                <th scope="col">Auf dem Portal</th>
              </tr>
            </thead>
            <tbody>
              {latestPublished.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link href={`/dashboard/releases/${r.id}`}>{r.title}</Link>
                    <span className="meta"> · {r.companyName}</span>
                  </td>
                  <td>{formatBerlin(r.publishedAt)}</td>
                  <td className="amount">
                    <Link href={`/dashboard/releases/${r.id}#reichweite`} aria-label={`${n(r.hits)} Aufrufe: Reichweite von „${r.title}“`}>
                      {n(r.hits)}
                    </Link>
                  </td>
                  <td>
                    {r.publicUrl ? (
                      <a href={r.publicUrl} aria-label={`Öffentliche Seite von „${r.title}“`}>
                        Öffentliche Seite
                      </a>
                    ) : (
                      <span className="meta">noch nicht öffentlich</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="empty">Noch keine veröffentlichte Pressemitteilung.</p>
        )}
        <p>
          <Link href="/dashboard/releases">Alle Pressemitteilungen</Link>
        </p>
      </section>
    </>
  );
}
