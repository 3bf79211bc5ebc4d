import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { AdminReleaseDetail } from "@/lib/adapters/admin/release-detail";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { formatBerlin } from "@/lib/core/time/berlin-time";

/**
 * Why "Wieder veröffentlichen" is missing (or what it lifts): a legal measure took the release
 * off the portals, and only whoever handles legal requests (compliance:manage) may undo it.
 */
export function LegalWithdrawalNote({
  withdrawal,
  depublished,
}: {
  withdrawal: NonNullable<AdminReleaseDetail["legalWithdrawal"]>;
  depublished: boolean;
}) {
  const request = withdrawal.legalRequestId !== null ? ` (rechtliches Anliegen Nr. ${withdrawal.legalRequestId})` : "";
  const what = `Diese Pressemitteilung wurde am ${formatBerlin(withdrawal.at)} auf ein rechtliches Anliegen hin aus den Portalen genommen${request}.`;
  if (!depublished) return <Notice tone="info">{what}</Notice>;
  if (!withdrawal.mayLift) {
    return (
      <Notice tone="warning" id="legal-withdrawal-note">
        {what} Wieder veröffentlichen kann sie nur, wer rechtliche Anliegen bearbeitet (Berechtigung „Rechtliche Anliegen und Nachweise“);
        deshalb fehlt die Schaltfläche hier.
      </Notice>
    );
  }
  return (
    <Notice tone="warning" id="legal-withdrawal-note">
      {what} „Wieder veröffentlichen“ hebt diese Maßnahme auf; prüfen Sie vorher das Anliegen unter{" "}
      <Link href={ADMIN_SCREENS.legal.href}>{ADMIN_SCREENS.legal.label}</Link>.
    </Notice>
  );
}
