import type { Edition } from "@/lib/domains/sites";
import { ReleaseList, type ReleaseListEntry } from "./release-list";

const LABEL = { de: "Hervorgehoben (Anzeige)", en: "Featured (sponsored)" } as const;

/** Paid placements, always marked as such and kept apart from the editorial list. */
export function BoostedReleases({ items, edition }: { items: ReleaseListEntry[]; edition: Edition }) {
  if (!items.length) return null;
  return (
    <section className="boosted" aria-labelledby="boosted-heading">
      <h2 id="boosted-heading">{LABEL[edition]}</h2>
      <ReleaseList items={items} edition={edition} level={3} />
    </section>
  );
}
