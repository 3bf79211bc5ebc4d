import { PreviewLinkForm } from "@/components/previews/preview-link-form";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import { PREVIEW_STATE_LABELS, previewLinksPanel, type PreviewLinkFormState } from "@/lib/adapters/dashboard/preview-links";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { PreviewLinkView } from "@/lib/domains/releases/previews/preview-link-view";
import styles from "./preview-links-panel.module.css";

function embargoNote(embargoAt: Date | null): string {
  return embargoAt
    ? `Die Vorschau nennt die Sperrfrist ${formatBerlin(embargoAt)} Uhr (Berliner Zeit) und den Namen der Empfängerin oder des Empfängers.`
    : "Die Pressemitteilung hat noch keinen Veröffentlichungszeitpunkt: Die Vorschau sagt, dass sie noch nicht freigegeben ist, und nennt den Namen der Empfängerin oder des Empfängers.";
}

function LinkRow({ link, revoke }: { link: PreviewLinkView; revoke: () => Promise<ActionResult> }) {
  const state = PREVIEW_STATE_LABELS[link.state];
  return (
    <tr>
      <td className={styles.recipient}>
        {link.recipientName}
        <br />
        <span className="meta">{link.recipientEmail}</span>
      </td>
      <td className={styles.recipient}>{link.outlet}</td>
      <td>
        <Badge tone={state.tone}>{state.label}</Badge>
        {link.expiresAt && link.state === "active" ? <div className="meta">bis {formatBerlin(link.expiresAt)}</div> : null}
        {link.mailedAt ? <div className="meta">per E-Mail gesendet</div> : null}
      </td>
      <td className={styles.opens}>{link.opens}</td>
      <td>{formatBerlin(link.firstOpenedAt)}</td>
      <td>{formatBerlin(link.lastOpenedAt)}</td>
      <td>
        {!link.revokedAt ? (
          <ActionButton
            action={revoke}
            label={`Link widerrufen`}
            variant="danger-quiet"
            size="sm"
            confirmText={`Den Vorschau-Link für ${link.recipientName} widerrufen? Er zeigt die Pressemitteilung danach nicht mehr.`}
          />
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Preview links of one release on its dashboard page (docs/previews.md), for owners and
 * responsibles: the form while the release is in review or scheduled, and the list with each
 * link's state and access log, which stays readable afterwards. Renders nothing for anyone else.
 * The page passes the actions (app/hub/dashboard/releases/[id]/preview-actions.ts).
 */
export async function PreviewLinksPanel({
  userId,
  releaseId,
  create,
  revoke,
}: {
  userId: number;
  releaseId: number;
  create: (releaseId: number, prev: PreviewLinkFormState | null, form: FormData) => Promise<PreviewLinkFormState>;
  revoke: (releaseId: number, linkId: number) => Promise<ActionResult>;
}) {
  const panel = await previewLinksPanel(userId, releaseId);
  if (!panel) return null;
  return (
    <section className={styles.panel} aria-labelledby="preview-links-heading">
      <h2 id="preview-links-heading">Vorschau für Journalistinnen und Journalisten</h2>
      <p className="hint">
        Ein persönlicher Link zeigt einer Person die Pressemitteilung vor der Veröffentlichung, so wie sie erscheinen wird. Er ist nicht zu
        erraten, nennt die Empfängerin oder den Empfänger und wird nicht von Suchmaschinen erfasst. Nach der Veröffentlichung führt er zur
        öffentlichen Seite; wird die Pressemitteilung zurückgezogen oder abgelehnt, zeigt er nichts mehr.
      </p>
      {panel.canCreate ? (
        <PreviewLinkForm action={create.bind(null, panel.releaseId)} embargoNote={embargoNote(panel.embargoAt)} />
      ) : (
        <p className="meta">Neue Vorschau-Links gibt es nur, solange die Pressemitteilung in Prüfung oder geplant ist.</p>
      )}
      {panel.links.length ? (
        <Table caption="Vorschau-Links dieser Pressemitteilung" showCaption>
          <thead>
            <tr>
              <th scope="col">Empfänger/in</th>
              <th scope="col">Medium</th>
              <th scope="col">Status</th>
              <th scope="col">Aufrufe</th>
              <th scope="col">Erster Aufruf</th>
              <th scope="col">Letzter Aufruf</th>
              <th scope="col">
                <span className="visually-hidden">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {panel.links.map((link) => (
              <LinkRow key={link.id} link={link} revoke={revoke.bind(null, panel.releaseId, link.id)} />
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="empty">Noch keine Vorschau-Links.</p>
      )}
    </section>
  );
}
