import type { Metadata } from "next";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { getConfig } from "@/lib/core/config";
import { SITE_NAMES } from "@/lib/domains/sites";

export const metadata: Metadata = { title: { absolute: "Qualitätsrichtlinien – Pressdesk" } };

// The page every rejection mail links to; the rules are those the automatic check applies.
export default function QualityPage() {
  const max = getConfig().review.maxAutomaticAttempts;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Qualitätsrichtlinien" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Qualitätsrichtlinien</h1>
        <p>
          Jede Pressemitteilung wird vor der Veröffentlichung automatisch geprüft. Eine Meldung muss sich wie eine Nachricht lesen, nicht
          wie Werbung.
        </p>
        <ul>
          <li>Keine Werbesprache („jetzt kaufen“, „gratis“, „nur heute“, Rabatte).</li>
          <li>Keine Überschriften in Großbuchstaben und keine mehrfachen Ausrufe- oder Fragezeichen.</li>
          <li>Ein Text von mindestens 150, besser 400 Zeichen mit Ortsmarke und Pressekontakt.</li>
          <li>Links sparsam: höchstens ein Link auf zwanzig Wörter.</li>
          <li>Kein Text, den ein anderer Newsroom bereits veröffentlicht hat.</li>
        </ul>
        <p>
          Wird eine Meldung abgelehnt, nennen wir die Gründe und zählen die Prüfung mit. Nach {max} abgelehnten Prüfungen entscheidet unsere
          Redaktion; danach prüft bei jeder weiteren Einreichung dieser Meldung ein Mensch.
        </p>
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
