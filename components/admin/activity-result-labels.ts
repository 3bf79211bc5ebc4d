import { HISTORY_OUTCOME_LABELS } from "@/components/dashboard/release-outcome-labels";
import { STATUS_LABELS } from "@/components/dashboard/status-badge";
import { ROLE_LABEL } from "@/lib/domains/companies/team/role-descriptions";

// The activity log stores a result as the machine wrote it (insert-only rows keep it); the
// report says it in German. A value not listed here is shown as written, marked as code.

const RESULT_LABELS: Record<string, string> = {
  ...STATUS_LABELS,
  ...ROLE_LABEL,
  green: "grün",
  yellow: "gelb",
  red: "rot",
  paid: "bezahlt",
  void: "storniert",
  cancelled: "beendet",
  expired: "abgelaufen",
  ended: "beendet",
  ended_at_provider: "beim Zahlungsanbieter beendet",
  export: "Export",
  upgrade: "Wechsel auf ein größeres Paket",
  stale_draft: "alter Entwurf",
  not_applicable: "entfällt",
  home: "Startseite",
  filled: "ausgefüllt",
  failed: "fehlgeschlagen",
  closed: "geschlossen",
  booked: "gebucht",
  applied: "angewendet",
  answered: "beantwortet",
  agency: "Agentur",
  approved: "freigegeben",
  released: "freigegeben",
  refused: "abgelehnt",
  created: "angelegt",
};

/** The result in German, or null where only the stored value can be shown. */
export function activityResultLabel(result: string): string | null {
  return RESULT_LABELS[result] ?? null;
}

/**
 * A reason as a status change writes it: "<outcome>: <words>", the outcome alone, or the new
 * status alone (lib/domains/releases/history.ts). The machine's part is said in German; words a
 * person wrote stay as written.
 */
export function activityReasonParts(reason: string): { label: string | null; code: string | null; text: string } {
  const [head, ...rest] = reason.split(": ");
  if (!head || !/^[a-z_]+$/.test(head)) return { label: null, code: null, text: reason };
  const label = HISTORY_OUTCOME_LABELS[head] ?? RESULT_LABELS[head] ?? null;
  return { label, code: label ? null : head, text: rest.join(": ") };
}
