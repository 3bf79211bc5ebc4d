import { SITE_NAMES } from "@/lib/domains/sites";

// Any address no page answers (hub or portal): the product's name, what happened in both languages, and the way back.
export default function NotFound() {
  return (
    <main id="main" className="wrap">
      <p className="brand">{SITE_NAMES.hub}</p>
      <h1>Seite nicht gefunden</h1>
      <p>Diese Seite gibt es nicht (mehr), oder die Adresse ist unvollständig.</p>
      <p lang="en">Page not found: it does not exist (any more), or the address is incomplete.</p>
      <p>
        <a href="/">Zur Startseite</a> <span lang="en">(home page)</span>
      </p>
    </main>
  );
}
