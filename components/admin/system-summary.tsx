import { Badge } from "@/components/ui/badge";
import type { SystemStatus } from "@/lib/adapters/operations/load-system-status";
import { SystemTime } from "./system-time";
import { VERSION_SOURCE_LABELS } from "./system-labels";

/** The four facts an operator looks for first: version, mode, overall health, mail sending. */
export function SystemSummary({ status }: { status: SystemStatus }) {
  const failing = Object.values(status.health.checks).filter((c) => c.status === "fail").length;
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="visually-hidden">
        Überblick
      </h2>
      <ul className="cards system-cards">
        <li className="card">
          <p className="system-card-label">Version</p>
          <p className="system-figure">
            <code>{status.version}</code>
          </p>
          <p className="meta">{VERSION_SOURCE_LABELS[status.versionSource]}</p>
        </li>
        <li className="card">
          <p className="system-card-label">Betriebsart</p>
          <p className="system-figure">{status.mode === "production" ? "Produktion" : "Eingebettet (lokal)"}</p>
          <p className="meta">Jobs laufen {status.jobsRunOn === "Inngest" ? "auf Inngest" : "in der lokalen Warteschlange"}.</p>
        </li>
        <li className="card">
          <p className="system-card-label">Zustand</p>
          <p className="system-figure">
            {failing ? (
              <Badge tone="danger">{failing === 1 ? "1 Prüfung schlägt fehl" : `${failing} Prüfungen schlagen fehl`}</Badge>
            ) : (
              <Badge tone="success">Alle Prüfungen bestanden</Badge>
            )}
          </p>
          <p className="meta">
            {failing ? "Die Verfügbarkeitsüberwachung meldet eine Störung." : "Die Verfügbarkeitsüberwachung meldet keine Störung."}
          </p>
        </li>
        <li className="card">
          <p className="system-card-label">Mailversand</p>
          <p className="system-figure">
            {status.circuit.halted ? <Badge tone="danger">Angehalten</Badge> : <Badge tone="success">Läuft</Badge>}
          </p>
          <p className="meta">
            {status.circuit.halted ? (
              <>
                Bis <SystemTime at={status.circuit.openUntil} /> angehalten, danach von selbst wieder
              </>
            ) : (
              "Kein automatischer Versandstopp"
            )}
          </p>
        </li>
      </ul>
    </section>
  );
}
