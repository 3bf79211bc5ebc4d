import { Button } from "@/components/ui/button";
import { StatusTabs } from "@/components/ui/status-tabs";
import { listHref } from "@/lib/adapters/admin/list-query";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import {
  LEGAL_STATUS_FILTERS,
  LEGAL_TRACK_FILTERS,
  type LegalStatusFilter,
  type LegalTrackFilter,
} from "@/lib/domains/legal/requests/list-legal-requests";
import { STATUS, TRACK } from "./legal-labels";

const statusLabel = (s: LegalStatusFilter) => (s === "open" ? "Zu bearbeiten" : s === "all" ? "Alle" : STATUS[s]);
const trackLabel = (t: LegalTrackFilter) => (t === "all" ? "alle Arten" : TRACK[t]);

/** The queue's status tabs with their counts under the chosen track; "Zu bearbeiten" first. */
export function LegalStatusTabs({
  status,
  track,
  counts,
}: {
  status: LegalStatusFilter;
  track: LegalTrackFilter;
  counts: Record<LegalStatusFilter, number>;
}) {
  return (
    <StatusTabs
      label="Anliegen nach Status"
      current={status}
      tabs={LEGAL_STATUS_FILTERS.map((s) => ({
        key: s,
        label: statusLabel(s),
        count: counts[s],
        href: listHref("/admin/legal", { status: s, track }, 1),
      }))}
    />
  );
}

/**
 * Status (a tab) and track, or the reference a requester quotes, as a plain GET form: the view is a link
 * that can be shared and reloaded. A reference finds its request whatever status and track say.
 */
export function LegalQueueFilter({ status, track, reference }: { status: LegalStatusFilter; track: LegalTrackFilter; reference: string }) {
  return (
    <form method="get" action="/admin/legal" role="search" aria-label="Anliegen filtern" className="form-grid legal-filter">
      <Field id="legal-reference" label="Vorgangsnummer">
        <input
          id="legal-reference"
          name="reference"
          type="search"
          defaultValue={reference}
          maxLength={40}
          placeholder="z. B. 3F2A-91C0-7B4D"
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      <input type="hidden" name="status" value={status} />
      <Field id="legal-track" label="Art des Anliegens">
        <select id="legal-track" name="track" defaultValue={track}>
          {LEGAL_TRACK_FILTERS.map((t) => (
            <option key={t} value={t}>
              {trackLabel(t)}
            </option>
          ))}
        </select>
      </Field>
      <FormActions spacing="flush">
        <Button type="submit">Suchen</Button>
      </FormActions>
    </form>
  );
}
