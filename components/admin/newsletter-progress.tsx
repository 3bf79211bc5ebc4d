import styles from "@/components/newsletter/newsletter.module.css";
import type { CampaignProgress } from "@/lib/domains/newsletter/campaign-progress";

/** A bar of recipients handled (sent, failed or suppressed) out of all frozen recipients. */
export function NewsletterProgressBar({ progress, label }: { progress: CampaignProgress; label: string }) {
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress.percent}
    >
      <div className={styles.progressBar} style={{ width: `${progress.percent}%` }} />
    </div>
  );
}

/** The counters of a started campaign, large enough to read at a glance. */
export function NewsletterProgressStats({ progress, recipientCount }: { progress: CampaignProgress; recipientCount: number }) {
  const n = (v: number) => v.toLocaleString("de-DE");
  const items: [string, number][] = [
    ["Empfänger", recipientCount],
    ["versendet", progress.sent],
    ["offen", progress.open],
    ["fehlgeschlagen", progress.failed],
    ["unterdrückt (gesperrt oder abgemeldet)", progress.suppressed],
  ];
  return (
    <>
      <ul className={styles.stats}>
        {items.map(([label, value]) => (
          <li key={label}>
            <strong>{n(value)}</strong>
            <span>{label}</span>
          </li>
        ))}
      </ul>
      <NewsletterProgressBar progress={progress} label={`Fortschritt: ${progress.percent} %`} />
      <p className="meta">{progress.percent} % bearbeitet</p>
    </>
  );
}
