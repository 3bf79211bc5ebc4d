import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/ui/action-button";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { Table } from "@/components/ui/table";
import { readSession } from "@/lib/domains/auth/session";
import { loadLocalCheckout, type LocalCheckoutView } from "@/lib/domains/billing/provider/local-provider";
import { formatEuro } from "@/lib/domains/billing/money";
import { AppError } from "@/lib/core/errors/errors";
import { abandonAction, payAction } from "./actions";
import { CHECKOUT_MESSAGES } from "./messages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Testkasse", robots: { index: false } };

/** The checkout, or the refusal to show when this session did not open it. */
async function load(
  id: string,
  userId: number | null,
): Promise<{ checkout: LocalCheckoutView } | { refused: "unauthenticated" | "forbidden" }> {
  try {
    return { checkout: await loadLocalCheckout(id, userId) };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    if (err instanceof AppError && (err.code === "unauthenticated" || err.code === "forbidden")) return { refused: err.code };
    throw err;
  }
}

// The embedded default's stand-in for Stripe Checkout: it takes the same order and, on "pay",
// sends the same signed events to the webhook. No money moves.
export default async function LocalCheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const loaded = await load((await params).id, (await readSession())?.user.id ?? null);
  if ("refused" in loaded) {
    return (
      <main id="main" className="wrap checkout">
        <h1>Bezahlen</h1>
        <Notice tone="error" role="alert">
          {CHECKOUT_MESSAGES[loaded.refused]}
        </Notice>
        <p>
          {loaded.refused === "unauthenticated" ? (
            <Link href="/login">Anmelden</Link>
          ) : (
            <Link href="/dashboard/billing">Zur Abrechnung Ihres Kontos</Link>
          )}
        </p>
      </main>
    );
  }
  const { checkout } = loaded;
  const { order, totals } = checkout;
  const monthly = order.mode === "subscription";
  return (
    <main id="main" className="wrap checkout">
      <Notice tone="info" role="note">
        Testkasse dieser lokalen Installation: Es wird kein Geld bewegt. Mit Stripe-Schlüsseln öffnet sich hier Stripe Checkout.
      </Notice>
      <h1>Bezahlen</h1>
      <Table caption="Ihre Bestellung">
        <thead>
          <tr>
            <th scope="col">Leistung</th>
            <th scope="col" className="amount">
              Betrag (netto)
            </th>
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
      </Table>
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
          <FormActions>
            <ActionButton
              action={payAction.bind(null, checkout.id)}
              label={`${formatEuro(totals.grossCents)} bezahlen`}
              variant="primary"
            />
            <ActionButton action={abandonAction.bind(null, checkout.id)} label="Abbrechen" />
          </FormActions>
        </>
      ) : (
        <Notice tone="info">
          {checkout.status === "complete"
            ? "Diese Zahlung ist bereits abgeschlossen."
            : "Diese Zahlung wurde abgebrochen oder ist abgelaufen."}
        </Notice>
      )}
    </main>
  );
}
