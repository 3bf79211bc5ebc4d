// Bench only (exists in a BENCH_BUILD=1 build, next.config.ts pageExtensions): a page prerendered
// at build time, about the size of a release page, that bench/portal-load.ts loads on the hub
// host beside the stored release page. No database, no request data: Next serves its prerender.
export const dynamic = "force-static";

/** Size of the HTML answer to aim at (BENCH_PROBE_BYTES at build time; a seeded release page is ~20 kB). */
const TARGET_BYTES = Number(process.env.BENCH_PROBE_BYTES || 20_000);
/** Next's document around the text: head, script tags, the inline RSC payload's frame. */
const SHELL_BYTES = 8_500;
const PARAGRAPH = "Diese Seite ist eine statische Vergleichsseite fuer die Lastmessung, ohne Datenbank und ohne Anfragedaten. ".repeat(6);
/** Each paragraph is sent twice: as HTML and in the inline RSC payload. */
const PARAGRAPH_BYTES = 2 * (PARAGRAPH.length + 30);

export default function StaticProbe() {
  const paragraphs = Math.max(1, Math.round((TARGET_BYTES - SHELL_BYTES) / PARAGRAPH_BYTES));
  return (
    <main>
      <h1>Static probe</h1>
      {Array.from({ length: paragraphs }, (_, i) => (
        <p key={i}>{PARAGRAPH}</p>
      ))}
    </main>
  );
}
