import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { IndexState } from "@/lib/generated/prisma/enums";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { CustomerIndexStatus } from "@/lib/adapters/public/seo/index-inspection/release-index-status";

/** The customer's words for each index state: what it means for their release. */
export const CUSTOMER_INDEX_STATE_TEXT: Record<IndexState, { label: string; hint: string }> = {
  indexed: { label: "Im Suchindex", hint: "Die Pressemitteilung ist in der Suchmaschine auffindbar." },
  crawled_not_indexed: {
    label: "Besucht, noch nicht im Index",
    hint: "Die Suchmaschine hat die Seite abgerufen, führt sie aber noch nicht in ihren Ergebnissen.",
  },
  not_crawled: {
    label: "Noch nicht besucht",
    hint: "Die Suchmaschine hat die Seite noch nicht abgerufen. Neue Pressemitteilungen brauchen dafür oft einige Tage.",
  },
  excluded: { label: "Nicht aufgenommen", hint: "Die Suchmaschine nimmt diese Adresse nicht in ihren Index auf." },
  error: { label: "Nicht ermittelt", hint: "Die letzte Abfrage ist fehlgeschlagen; sie wird bei der nächsten Prüfung wiederholt." },
};

/** The badge colour of each index state, on the customer's release page and in the admin area. */
export const INDEX_STATE_TONES: Record<IndexState, BadgeTone> = {
  indexed: "success",
  crawled_not_indexed: "warning",
  not_crawled: "muted",
  excluded: "muted",
  error: "danger",
};

/** "Suchindex": the latest index check of a published release, on the customer's release page. */
export function IndexStatusBlock({ status }: { status: CustomerIndexStatus }) {
  const latest = status.latest;
  const text = latest ? CUSTOMER_INDEX_STATE_TEXT[latest.state] : null;
  return (
    <section className="panel" aria-labelledby="search-index-heading">
      <h2 id="search-index-heading">Suchindex</h2>
      {latest && text ? (
        <>
          <p>
            <Badge tone={INDEX_STATE_TONES[latest.state]}>{text.label}</Badge>{" "}
            <span className="meta">geprüft am {formatBerlin(latest.checkedAt)}</span>
          </p>
          <p className="meta">{text.hint}</p>
        </>
      ) : (
        <p className="meta">Noch nicht geprüft. Wir fragen den Indexstand veröffentlichter Pressemitteilungen einmal täglich ab.</p>
      )}
    </section>
  );
}
