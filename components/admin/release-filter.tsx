import Link from "next/link";
import { STATUS_LABELS } from "@/components/dashboard/status-badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { StatusTabs } from "@/components/ui/status-tabs";
import { ADMIN_SEARCH_MAX, listHref } from "@/lib/adapters/admin/list-query";
import { OVERDUE_VIEW, RELEASE_STATUSES, type AdminReleaseQuery } from "@/lib/adapters/admin/release-search";
import { EDITIONS, PORTALS } from "@/lib/domains/sites";
import { LANGUAGE_LABEL, PORTAL_LABEL } from "./release-labels";

/** One filter as a select; the empty value means "all". */
function Choice({
  name,
  label,
  all,
  value,
  options,
}: {
  name: string;
  label: string;
  all: string;
  value: string | undefined;
  options: [string, string][];
}) {
  return (
    <Field id={`releases-${name}`} label={label}>
      <select id={`releases-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The status tabs of /admin/releases, all then the statuses in the order a release passes them, then the stuck ones. */
export function ReleaseStatusTabs({ query, counts }: { query: AdminReleaseQuery; counts: Record<string, number> }) {
  const { q, portal, language, newsroom } = query;
  const tab = (key: string, label: string, status?: string) => ({
    key,
    label,
    count: counts[key] ?? 0,
    href: listHref("/admin/releases", { q, status, portal, language, newsroom }, 1),
  });
  return (
    <StatusTabs
      label="Pressemitteilungen nach Status"
      current={query.status ?? "all"}
      tabs={[
        tab("all", "Alle"),
        ...RELEASE_STATUSES.map((s) => tab(s, STATUS_LABELS[s], s)),
        tab(OVERDUE_VIEW, "Hängt fest", OVERDUE_VIEW),
      ]}
    />
  );
}

/** Words and filters of /admin/releases as a plain GET form: every view is a link. */
export function ReleaseFilter({ query }: { query: AdminReleaseQuery }) {
  const filtered = query.q || query.portal || query.language || query.newsroom;
  return (
    <form method="get" action="/admin/releases" role="search" aria-label="Pressemitteilungen suchen" className="admin-filter">
      <Field
        id="releases-q"
        label="Suchbegriffe oder Nummer"
        hint="Titel, Vorspann, Text und Newsroom; „in Anführungszeichen“ für eine Wortfolge, -Wort schließt aus."
        className="admin-filter-words"
      >
        <input
          id="releases-q"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={ADMIN_SEARCH_MAX}
          aria-describedby="releases-q-hint"
        />
      </Field>
      {/* The status is the tab above; a search keeps it. */}
      {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
      <Choice name="portal" label="Portal" all="beide" value={query.portal} options={PORTALS.map((p) => [p, PORTAL_LABEL[p]])} />
      <Choice name="language" label="Sprache" all="beide" value={query.language} options={EDITIONS.map((e) => [e, LANGUAGE_LABEL[e]])} />
      <Field id="releases-newsroom" label="Newsroom">
        <input
          id="releases-newsroom"
          name="newsroom"
          type="text"
          defaultValue={query.newsroom}
          maxLength={120}
          autoComplete="off"
          placeholder="Nr. oder Slug"
        />
      </Field>
      <FormActions spacing="flush">
        <Button type="submit">Suchen</Button>
        {filtered ? <Link href={listHref("/admin/releases", { status: query.status }, 1)}>Filter zurücksetzen</Link> : null}
      </FormActions>
    </form>
  );
}
