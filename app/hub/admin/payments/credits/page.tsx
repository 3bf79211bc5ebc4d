import { randomBytes } from "node:crypto";
import type { Metadata } from "next";
import { CreditGrantForm } from "@/components/admin/payments/credit-grant-form";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { Table } from "@/components/ui/table";
import { oneParam, type SearchParams } from "@/lib/adapters/admin/list-query";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { findGrant, MAX_CREDIT_GRANT, recentGrants } from "@/lib/domains/billing/credits/grant-credits";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { grantCreditsAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Credits gutschreiben" };

const credits = (n: number) => (n === 1 ? "1 Credit" : `${n.toLocaleString("de-DE")} Credits`);

// Credits for a newsroom without a payment (goodwill, corrections), with a reason (spec 5.11).
export default async function CreditGrantPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin(ADMIN_SCREENS.payments.permission);
  const params = await searchParams;
  // Only a number is taken over from the address; the notice is read back from the ledger.
  const newsroom = /^\d{1,10}$/.test(oneParam(params, "newsroom")) ? oneParam(params, "newsroom") : "";
  const [booked, recent] = await Promise.all([findGrant(oneParam(params, "grant")), recentGrants()]);
  return (
    <>
      <PageHeader
        back={{ href: "/admin/payments", label: "Zahlungen" }}
        title="Credits gutschreiben"
        description={`Credits für einen Newsroom ohne Zahlung, etwa als Kulanz oder Korrektur. Je Gutschrift ${MAX_CREDIT_GRANT} Credits höchstens; der Grund steht im Aktivitätsprotokoll und im Credit-Verlauf des Newsrooms.`}
      />
      {booked ? (
        <FormMessage
          result={{
            ok: true,
            message: `${credits(booked.credits)} an „${booked.companyName}“ (Nr. ${booked.companyId}) gutgeschrieben. Guthaben jetzt: ${credits(booked.balance)}.`,
          }}
        />
      ) : null}
      <CreditGrantForm
        action={grantCreditsAction}
        grantId={randomBytes(16).toString("base64url")}
        defaultNewsroom={newsroom}
        maxCredits={MAX_CREDIT_GRANT}
      />

      <section aria-labelledby="recent-grants-heading">
        <h2 id="recent-grants-heading">Letzte Gutschriften</h2>
        {recent.length ? (
          <Table caption="Die letzten Gutschriften, neueste zuerst">
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">Newsroom</th>
                <th scope="col" className="amount">
                  Credits
                </th>
                <th scope="col">Grund</th>
                <th scope="col">Von</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((g) => (
                <tr key={g.id}>
                  <td>{formatBerlin(g.createdAt)}</td>
                  <td>
                    {g.companyName} (Nr. {g.companyId})
                  </td>
                  <td className="amount">{g.credits.toLocaleString("de-DE")}</td>
                  <td>{g.reason}</td>
                  <td>{g.adminName ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="empty">Noch keine Gutschrift.</p>
        )}
      </section>
    </>
  );
}
