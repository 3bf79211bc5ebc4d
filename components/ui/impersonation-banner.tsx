import { formatBerlin } from "@/lib/core/time/berlin-time";
import { Button } from "./button";
import styles from "./impersonation-banner.module.css";

/**
 * Shown on every signed-in page while staff act as a customer (spec 6.1): whose account this
 * is, until when, and the way back. "Beenden" ends the impersonation and returns to the
 * staff member's own session.
 */
export function ImpersonationBanner({ name, email, until, end }: { name: string; email: string; until: Date; end: () => Promise<void> }) {
  return (
    <section className={styles.banner} aria-label="Aktiver Support-Zugang">
      <form action={end} className="wrap">
        <p>
          <strong>
            Sie handeln als {name} ({email})
          </strong>
          <br />
          Support-Zugang bis {formatBerlin(until)} · Jede Aktion wird mit Ihrem Namen protokolliert.
        </p>
        <Button type="submit" variant="secondary" className={styles.end}>
          Beenden
        </Button>
      </form>
    </section>
  );
}
