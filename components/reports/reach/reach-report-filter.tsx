import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import type { NewsroomMatch, ReachReportQuery } from "@/lib/adapters/admin/reach-report";
import { reachReportHref } from "@/lib/adapters/admin/reach-report";
import { SITE_NAMES } from "@/lib/domains/sites";

// The admin reach report's choice of portal and newsroom: a plain GET form (a view is a link),
// and the newsrooms the search found as links that choose one. No script needed.

export function ReachReportFilter({
  query,
  newsroom,
  matches,
}: {
  query: ReachReportQuery;
  newsroom: { id: number; name: string } | null;
  matches: NewsroomMatch[];
}) {
  return (
    <>
      <form
        method="get"
        action={reachReportHref({})}
        role="search"
        aria-label="Portal und Newsroom des Berichts"
        className="form-grid report-filter"
      >
        <Field id="reach-portal" label="Portal">
          <select id="reach-portal" name="portal" defaultValue={query.portal}>
            <option value="business">{SITE_NAMES.business}</option>
            <option value="tech">{SITE_NAMES.tech}</option>
          </select>
        </Field>
        <Field id="reach-q" label="Newsroom suchen" hint="Name oder Adressname; die Treffer erscheinen unter dem Formular.">
          <input id="reach-q" name="q" type="search" maxLength={200} defaultValue={query.q} aria-describedby="reach-q-hint" />
        </Field>
        {newsroom ? <input type="hidden" name="newsroom" value={newsroom.id} /> : null}
        <FormActions spacing="flush" className="report-filter-submit">
          <Button type="submit">Anzeigen</Button>
        </FormActions>
      </form>
      {newsroom ? (
        <p>
          Gewählter Newsroom: <strong>{newsroom.name}</strong> ·{" "}
          <Link href={reachReportHref({ portal: query.portal, q: query.q })}>ganzes Portal zeigen</Link>
        </p>
      ) : null}
      {query.q ? (
        <section aria-labelledby="reach-matches-heading">
          <h2 id="reach-matches-heading">Gefundene Newsrooms</h2>
          {matches.length ? (
            <ul className="report-list">
              {matches.map((m) => (
                <li key={m.id}>
                  <Link
                    href={reachReportHref({ portal: query.portal, newsroomId: m.id, q: query.q })}
                    aria-current={m.id === newsroom?.id ? "true" : undefined}
                  >
                    {m.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">Kein Newsroom dieses Portals passt zur Suche.</p>
          )}
        </section>
      ) : null}
    </>
  );
}
