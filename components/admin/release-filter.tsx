import Link from "next/link";
import { STATUS_LABELS } from "@/components/dashboard/status-badge";
import { ADMIN_SEARCH_MAX } from "@/lib/admin/list-query";
import { RELEASE_STATUSES, type AdminReleaseQuery } from "@/lib/admin/release-search";
import { EDITIONS, PORTALS } from "@/lib/sites";
import { LANGUAGE_LABEL, PORTAL_LABEL } from "./release-labels";

/** One filter as a select; the empty value means "all". */
function Choice({ name, label, all, value, options }: { name: string; label: string; all: string; value: string | undefined; options: [string, string][] }) {
  return (
    <div className="field">
      <label htmlFor={`releases-${name}`}>{label}</label>
      <select id={`releases-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Words and filters of /admin/releases as a plain GET form: every view is a link. */
export function ReleaseFilter({ query }: { query: AdminReleaseQuery }) {
  const filtered = query.q || query.status || query.portal || query.language || query.newsroom;
  return (
    <form method="get" action="/admin/releases" role="search" aria-label="Pressemitteilungen suchen" className="admin-filter">
      <div className="field admin-filter-words">
        <label htmlFor="releases-q">Suchbegriffe oder Nummer</label>
        <input id="releases-q" name="q" type="search" defaultValue={query.q} maxLength={ADMIN_SEARCH_MAX} aria-describedby="releases-q-hint" />
        <p className="hint" id="releases-q-hint">
          Titel, Vorspann, Text und Newsroom; „in Anführungszeichen“ für eine Wortfolge, -Wort schließt aus.
        </p>
      </div>
      <Choice name="status" label="Status" all="alle" value={query.status} options={RELEASE_STATUSES.map((s) => [s, STATUS_LABELS[s]])} />
      <Choice name="portal" label="Portal" all="beide" value={query.portal} options={PORTALS.map((p) => [p, PORTAL_LABEL[p]])} />
      <Choice name="language" label="Sprache" all="beide" value={query.language} options={EDITIONS.map((e) => [e, LANGUAGE_LABEL[e]])} />
      <div className="field">
        <label htmlFor="releases-newsroom">Newsroom</label>
        <input id="releases-newsroom" name="newsroom" type="text" defaultValue={query.newsroom} maxLength={120} autoComplete="off" placeholder="Nr. oder Slug" />
      </div>
      <div className="button-row admin-filter-buttons">
        <button type="submit" className="button">
          Suchen
        </button>
        {filtered ? <Link href="/admin/releases">Filter zurücksetzen</Link> : null}
      </div>
    </form>
  );
}
