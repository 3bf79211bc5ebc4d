import { LEGAL_STATUS_FILTERS, LEGAL_TRACK_FILTERS, type LegalStatusFilter, type LegalTrackFilter } from "@/lib/legal/requests/list-legal-requests";
import { STATUS, TRACK } from "./legal-labels";

const statusLabel = (s: LegalStatusFilter) => (s === "open" ? "offen (zu bearbeiten)" : s === "all" ? "alle" : STATUS[s]);
const trackLabel = (t: LegalTrackFilter) => (t === "all" ? "alle Arten" : TRACK[t]);

/**
 * Status and track, or the reference a requester quotes, as a plain GET form: the view is a link
 * that can be shared and reloaded. A reference finds its request whatever status and track say.
 */
export function LegalQueueFilter({ status, track, reference }: { status: LegalStatusFilter; track: LegalTrackFilter; reference: string }) {
  return (
    <form method="get" action="/admin/legal" role="search" aria-label="Anliegen filtern" className="form-grid legal-filter">
      <div className="field">
        <label htmlFor="legal-reference">Vorgangsnummer</label>
        <input id="legal-reference" name="reference" type="search" defaultValue={reference} maxLength={40} placeholder="z. B. 3F2A-91C0-7B4D" autoComplete="off" spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor="legal-status">Status</label>
        <select id="legal-status" name="status" defaultValue={status}>
          {LEGAL_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="legal-track">Art des Anliegens</label>
        <select id="legal-track" name="track" defaultValue={track}>
          {LEGAL_TRACK_FILTERS.map((t) => (
            <option key={t} value={t}>
              {trackLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="button">
          Filtern
        </button>
      </div>
    </form>
  );
}
