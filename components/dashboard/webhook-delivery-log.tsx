import Link from "next/link";
import { ActionButton } from "@/components/ui/action-button";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import { ATTEMPT_TRIGGER_LABELS, EVENT_GROUPS, eventLabel, OUTCOME_LABELS } from "@/lib/adapters/dashboard/webhooks-view";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { listDeliveryLog, Outcome } from "@/lib/domains/webhooks/delivery-log";
import { TEST_EVENT_TYPE } from "@/lib/domains/webhooks/event-types";
import { DeliveryStatusBadge } from "./webhook-status-badge";
import styles from "./webhook.module.css";

type Log = Awaited<ReturnType<typeof listDeliveryLog>>;

const time = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Berlin" });

/** The log page's address with the filter kept. */
export function deliveryLogHref(endpointId: number, filter: Log["filter"], page = 1): string {
  const query = new URLSearchParams({
    ...(filter.eventType ? { event: filter.eventType } : {}),
    ...(filter.outcome ? { outcome: filter.outcome } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  }).toString();
  return `/dashboard/webhooks/${endpointId}${query ? `?${query}` : ""}#protokoll`;
}

/**
 * An endpoint's delivery log (docs/webhooks.md): every message with its outcome and attempts,
 * filtered by a plain GET form (no script needed), a page at a time; each message can be sent again.
 */
export function WebhookDeliveryLog({
  endpointId,
  log,
  canResend,
  resend,
}: {
  endpointId: number;
  log: Pick<Log, "deliveries" | "total" | "page" | "pages" | "filter">;
  /** Only a switched-on endpoint is sent to. */
  canResend: boolean;
  resend: (deliveryId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const { deliveries, total, page, pages, filter } = log;
  const filtered = Boolean(filter.eventType || filter.outcome);
  return (
    <>
      <form
        method="get"
        action={`/dashboard/webhooks/${endpointId}#protokoll`}
        className={styles.filter}
        aria-label="Zustellprotokoll filtern"
      >
        <div className={styles.filterField}>
          <label htmlFor="log-event">Ereignis</label>
          <select id="log-event" name="event" defaultValue={filter.eventType ?? ""}>
            <option value="">Alle Ereignisse</option>
            {EVENT_GROUPS.map((g) => (
              <optgroup key={g.key} label={g.label}>
                {g.types.map((t) => (
                  <option key={t} value={t}>
                    {eventLabel(t)} ({t})
                  </option>
                ))}
              </optgroup>
            ))}
            <option value={TEST_EVENT_TYPE}>
              {eventLabel(TEST_EVENT_TYPE)} ({TEST_EVENT_TYPE})
            </option>
          </select>
        </div>
        <div className={styles.filterField}>
          <label htmlFor="log-outcome">Ergebnis</label>
          <select id="log-outcome" name="outcome" defaultValue={filter.outcome ?? ""}>
            <option value="">Alle Ergebnisse</option>
            {(Object.keys(OUTCOME_LABELS) as Outcome[]).map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Filtern
        </Button>
        {filtered ? <Link href={deliveryLogHref(endpointId, { eventType: null, outcome: null })}>Filter zurücksetzen</Link> : null}
      </form>
      {deliveries.length === 0 ? (
        <p className="empty">
          {filtered
            ? "Keine Nachricht passt zu diesem Filter."
            : "Noch keine Nachrichten. Sobald in Ihrem Newsroom ein gewähltes Ereignis eintritt – oder Sie ein Testereignis senden –, steht es hier."}
        </p>
      ) : (
        <Table
          caption={`Zustellprotokoll: ${total} Nachricht${total === 1 ? "" : "en"}${filtered ? " (gefiltert)" : ""}, neueste zuerst`}
          showCaption
        >
          <thead>
            <tr>
              <th scope="col">Zeit</th>
              <th scope="col">Ereignis</th>
              <th scope="col">webhook-id</th>
              <th scope="col">Status</th>
              <th scope="col">Versuche</th>
              <th scope="col">Statuscode</th>
              <th scope="col">Latenz</th>
              <th scope="col">Antwort</th>
              <th scope="col">
                <span className="visually-hidden">Aktionen</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => {
              const last = d.log[0];
              return (
                <tr key={d.id} data-event-type={d.message.eventType}>
                  <td className="meta">{time.format(d.message.createdAt)}</td>
                  <td>
                    {eventLabel(d.message.eventType)}
                    <br />
                    <code className="meta">{d.message.eventType}</code>
                  </td>
                  <td>
                    <code className={styles.wrapAnywhere}>{d.message.id}</code>
                  </td>
                  <td>
                    <DeliveryStatusBadge status={d.status} attempts={d.attempts} nextAttemptAt={d.nextAttemptAt} />
                  </td>
                  <td>{d.attempts}</td>
                  <td>{last ? (last.statusCode ?? "keine Antwort") : "–"}</td>
                  <td>{last ? `${last.latencyMs} ms` : "–"}</td>
                  <td>
                    {last ? (
                      <details>
                        <summary>Antwort ansehen</summary>
                        <pre className={styles.code}>{last.responseExcerpt || "(leer)"}</pre>
                        {d.log.length > 1 ? (
                          <>
                            <p className="meta">Alle Versuche, neueste zuerst:</p>
                            <ol className={styles.attempts}>
                              {d.log.map((a) => (
                                <li key={a.id}>
                                  {time.format(a.attemptedAt)}, {ATTEMPT_TRIGGER_LABELS[a.trigger] ?? a.trigger}:{" "}
                                  {a.statusCode ?? "keine Antwort"}, {a.latencyMs} ms{a.succeeded ? " (zugestellt)" : ""}
                                </li>
                              ))}
                            </ol>
                          </>
                        ) : null}
                      </details>
                    ) : (
                      <span className="meta">noch kein Versuch</span>
                    )}
                  </td>
                  <td>{canResend ? <ActionButton action={resend.bind(null, d.id)} label="Erneut senden" size="sm" /> : null}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {pages > 1 ? (
        <FormActions as="nav" aria-label="Seiten des Zustellprotokolls">
          {page > 1 ? <Link href={deliveryLogHref(endpointId, filter, page - 1)}>← Neuere</Link> : null}
          <span className="meta">
            Seite {page} von {pages}
          </span>
          {page < pages ? <Link href={deliveryLogHref(endpointId, filter, page + 1)}>Ältere →</Link> : null}
        </FormActions>
      ) : null}
    </>
  );
}
