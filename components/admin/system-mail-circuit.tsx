import { Badge } from "@/components/ui/badge";
import { SystemDiagnostic } from "./system-diagnostic";
import type { SystemStatus } from "@/lib/adapters/operations/load-system-status";
import { SystemTime } from "./system-time";

/** The mail circuit breaker as an operator needs it: state, since when, until when, why, and how to resume. */
export function SystemMailCircuit({ circuit }: { circuit: SystemStatus["circuit"] }) {
  return (
    <dl className="facts">
      <dt>Zustand</dt>
      <dd>{circuit.halted ? <Badge tone="danger">Versand angehalten</Badge> : <Badge tone="success">Versand läuft</Badge>}</dd>
      <dt>Zuletzt geöffnet</dt>
      <dd>
        <SystemTime at={circuit.openedAt} />
      </dd>
      <dt>{circuit.halted ? "Offen bis" : "Geschlossen seit"}</dt>
      <dd>
        <SystemTime at={circuit.openUntil} />
      </dd>
      {circuit.reason ? (
        <>
          <dt>Grund</dt>
          <dd>
            <SystemDiagnostic text={circuit.reason} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
