import Link from "next/link";
import type { AdminReleaseDetail } from "@/lib/admin/release-detail";
import { ADMIN_SCREENS } from "@/lib/admin/screens";
import { formatBerlin } from "@/lib/dashboard/berlin-time";

/**
 * Why "Wieder veröffentlichen" is missing (or what it lifts): a legal measure took the release
 * off the portals, and only whoever handles legal requests (compliance:manage) may undo it.
 */
export function LegalWithdrawalNote({ withdrawal, depublished }: { withdrawal: NonNullable<AdminReleaseDetail["legalWithdrawal"]>; depublished: boolean }) {
  const request = withdrawal.legalRequestId !== null ? ` (rechtliches Anliegen Nr. ${withdrawal.legalRequestId})` : "";
  const what = `Diese Pressemitteilung wurde am ${formatBerlin(withdrawal.at)} auf ein rechtliches Anliegen hin aus den Portalen genommen${request}.`;
  if (!depublished) return <p className="form-message info">{what}</p>;
  if (!withdrawal.mayLift) {
    return (
      <p className="form-message warning" id="legal-withdrawal-note">
        {what} Wieder veröffentlichen kann sie nur, wer rechtliche Anliegen bearbeitet (Berechtigung „compliance:manage“); deshalb fehlt die Schaltfläche hier.
      </p>
    );
  }
  return (
    <p className="form-message warning" id="legal-withdrawal-note">
      {what} „Wieder veröffentlichen“ hebt diese Maßnahme auf; prüfen Sie vorher das Anliegen unter{" "}
      <Link href={ADMIN_SCREENS.legal.href}>{ADMIN_SCREENS.legal.label}</Link>.
    </p>
  );
}
