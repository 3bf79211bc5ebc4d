import { Button } from "./button";

// What a person sees when a page could not be made: most often a dependency that is briefly
// away (our server then answers 503 with Retry-After). German first, English beside it: the
// edition is not known where this shows.
export function OutageNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <main id="main" className="wrap">
      <p className="brand">Pressdesk</p>
      <h1>Diese Seite ist gerade nicht erreichbar</h1>
      <p>
        Der Dienst ist kurz nicht verfügbar. Bitte versuchen Sie es in einigen Sekunden erneut; Ihre gespeicherten Daten sind davon nicht
        betroffen.
      </p>
      <p lang="en">This page is briefly unavailable. Please try again in a few seconds; your saved data is not affected.</p>
      <p className="outage-actions">
        <Button type="button" onClick={onRetry}>
          Erneut versuchen
        </Button>
        {/* A full page load: the client router may be what failed. */}
        <a href="/">Zur Startseite</a> <span lang="en">(home page)</span>
      </p>
    </main>
  );
}
