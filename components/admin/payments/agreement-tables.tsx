import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import type { AgreementRow } from "@/lib/adapters/admin/payments-overview";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlinDay } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { CustomerCell } from "./customer-cell";
import { AGREEMENT_STATUS_LABELS, PROVIDER_LABELS } from "./labels";
import { PaymentActionButton } from "./payment-action-button";
import { ReasonActionForm } from "./reason-action-form";

type BoundAction = (paymentOptionId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

const day = formatBerlinDay;
/** What a screen reader hears after a button's label: which agreement of whom. */
const subjectOf = (a: AgreementRow) => `${a.planName}, ${a.customer.email}`;

function PlanCell({ a }: { a: AgreementRow }) {
  return (
    <>
      {a.planName}
      <div className="meta">
        {formatEuro(a.priceCents)} netto im Monat · {PROVIDER_LABELS[a.provider] ?? a.provider}
      </div>
    </>
  );
}

/** Agreements on billing hold, the oldest hold first: "Jetzt abrechnen" or "Entfernen". */
export function BlockedAgreementTable({ rows, billNow, remove }: { rows: AgreementRow[]; billNow: BoundAction; remove: BoundAction }) {
  return (
    <Table caption="Vereinbarungen, deren Abrechnung gesperrt ist, die ältesten Sperren zuerst">
      <thead>
        <tr>
          <th scope="col">Kundin/Kunde</th>
          <th scope="col">Paket</th>
          <th scope="col">Gesperrt seit</th>
          <th scope="col">Grund der Sperre</th>
          <th scope="col">Abgerechnet bis</th>
          <th scope="col">Aktionen</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <td>
              <CustomerCell customer={a.customer} />
            </td>
            <td>
              <PlanCell a={a} />
            </td>
            <td>{day(a.heldAt)}</td>
            <td>{a.holdReason ?? <span className="meta">–</span>}</td>
            <td>{a.periodEnd ? day(new Date(a.periodEnd.getTime() - 1)) : <span className="meta">noch nie</span>}</td>
            <td>
              <FormActions layout="stack" spacing="flush">
                <PaymentActionButton action={billNow.bind(null, a.id)} label="Jetzt abrechnen" subject={subjectOf(a)} variant="primary" />
                <ReasonActionForm
                  action={remove.bind(null, a.id)}
                  id={`remove-${a.id}`}
                  label="Entfernen"
                  subject={subjectOf(a)}
                  reasonLabel="Grund für das Entfernen"
                  confirmText={`Vereinbarung ${a.planName} von ${a.customer.email} beenden? Es wird keine Rechnung erstellt; das lässt sich nicht rückgängig machen.`}
                />
              </FormActions>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Agreements on grandfathered terms, the earliest end first: end them now, or hold their billing. */
export function GrandfatheredAgreementTable({ rows, end, hold }: { rows: AgreementRow[]; end: BoundAction; hold: BoundAction }) {
  return (
    <Table caption="Vereinbarungen zu bisherigen Konditionen, die am frühesten endenden zuerst">
      <thead>
        <tr>
          <th scope="col">Kundin/Kunde</th>
          <th scope="col">Paket</th>
          <th scope="col">Bisherige Konditionen bis</th>
          <th scope="col">Status</th>
          <th scope="col">Aktionen</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => {
          const canHold = a.provider === "manual" && a.status === "active" && !a.heldAt;
          return (
            <tr key={a.id}>
              <td>
                <CustomerCell customer={a.customer} />
              </td>
              <td>
                <PlanCell a={a} />
              </td>
              <td>{day(a.grandfatheredUntil)}</td>
              <td>
                {AGREEMENT_STATUS_LABELS[a.status] ?? a.status}
                {a.heldAt ? <div className="meta">Abrechnung gesperrt seit {day(a.heldAt)}</div> : null}
              </td>
              <td>
                <FormActions layout="stack" spacing="flush">
                  <ReasonActionForm
                    action={end.bind(null, a.id)}
                    id={`end-${a.id}`}
                    label="Bisherige Konditionen beenden"
                    subject={subjectOf(a)}
                    reasonLabel="Grund (wird auch als Stornogrund offener Rechnungen vermerkt)"
                    notifyLabel="Kundin/Kunden per E-Mail benachrichtigen"
                    confirmText={`Bisherige Konditionen von ${a.customer.email} beenden? Das Paket endet sofort, offene MAN-Rechnungen dieses Kundenkontos werden storniert.`}
                  />
                  {canHold ? (
                    <ReasonActionForm
                      action={hold.bind(null, a.id)}
                      id={`hold-${a.id}`}
                      label="Abrechnung sperren"
                      subject={subjectOf(a)}
                      reasonLabel="Grund der Sperre"
                      variant="secondary"
                      confirmText={`Abrechnung der Vereinbarung ${a.planName} von ${a.customer.email} sperren? Der Rechnungslauf erstellt dann keine Rechnung mehr, bis sie abgerechnet oder entfernt wird.`}
                    />
                  ) : null}
                </FormActions>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
