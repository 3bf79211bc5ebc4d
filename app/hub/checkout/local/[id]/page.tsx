import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadLocalCheckout } from "@/lib/billing/provider/local-provider";
import { formatEuro } from "@/lib/billing/money";
import { AppError } from "@/lib/http/errors";
import { abandonAction, payAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Testkasse", robots: { index: false } };

async function load(id: string) {
  try {
    return await loadLocalCheckout(id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

// The embedded default's stand-in for Stripe Checkout: it takes the same order and, on "pay",
// sends the same signed events to the webhook. No money moves.
export default async function LocalCheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const checkout = await load((await params).id);
  const { order, totals } = checkout;
  const monthly = order.mode === "subscription";
  return (
    <main id="main" className="wrap checkout">
      <p className="form-message info" role="note">
        Testkasse dieser lokalen Installation: Es wird kein Geld bewegt. Mit Stripe-Schlüsseln öffnet sich hier Stripe Checkout.
      </p>
      <h1>Bezahlen</h1>
      <table className="table checkout-lines">
        <caption className="visually-hidden">Ihre Bestellung</caption>
        <thead>
          <tr>
            <th scope="col">Leistung</th>
            <th scope="col" className="amount">Betrag (netto)</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.quantity > 1 ? `${line.quantity} × ` : null}
                {line.description}
              </td>
              <td className="amount">{formatEuro(line.unitNetCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">zzgl. 19 % USt.</th>
            <td className="amount">{formatEuro(totals.taxCents)}</td>
          </tr>
          <tr>
            <th scope="row">Gesamt{monthly ? " je Monat" : ""}</th>
            <td className="amount">
              <strong>{formatEuro(totals.grossCents)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {checkout.status === "open" ? (
        <>
          <dl className="facts">
            <dt>Zahlungsmittel</dt>
            <dd>Testkarte 4242 4242 4242 4242</dd>
            {monthly ? (
              <>
                <dt>Laufzeit</dt>
                <dd>monatlich, jederzeit zum Ende des Monats kündbar</dd>
              </>
            ) : null}
          </dl>
          <div className="button-row">
            <form action={payAction.bind(null, checkout.id)}>
              <button type="submit" className="button">
                {formatEuro(totals.grossCents)} bezahlen
              </button>
            </form>
            <form action={abandonAction.bind(null, checkout.id)}>
              <button type="submit" className="button secondary">
                Abbrechen
              </button>
            </form>
          </div>
        </>
      ) : (
        <p className="form-message">{checkout.status === "complete" ? "Diese Zahlung ist bereits abgeschlossen." : "Diese Zahlung wurde abgebrochen oder ist abgelaufen."}</p>
      )}
    </main>
  );
}
