import styles from "@/components/newsletter/newsletter.module.css";
import type { CampaignPreview } from "@/lib/domains/newsletter/preview-campaign";

/**
 * The mail as recipients get it. The HTML sits in an iframe without any sandbox permission: no
 * script, no form, no navigation of this page, whatever the stored body holds; `srcDoc` keeps
 * it off the network. The plain-text part below is what text-only clients show.
 */
export function NewsletterPreview({ preview }: { preview: CampaignPreview }) {
  return (
    <section className={`${styles.box} ${styles.spaced}`} aria-labelledby="nl-preview-title">
      <h2 id="nl-preview-title">Vorschau</h2>
      <p className="meta">
        Betreff: <strong>{preview.subject || "(ohne Betreff)"}</strong>
      </p>
      <iframe className={styles.preview} sandbox="" srcDoc={preview.html} title="Vorschau der HTML-Fassung" />
      <h3>Textfassung</h3>
      <pre className={styles.textPart} data-testid="newsletter-text-part">
        {preview.text}
      </pre>
    </section>
  );
}
