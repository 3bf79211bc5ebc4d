import type { Metadata } from "next";
import { ListPager } from "@/components/admin/release-pager";
import { SimilarAddressesTable } from "@/components/admin/similar-addresses-table";
import { ActionButton } from "@/components/ui/action-button";
import { PageHeader } from "@/components/ui/page-header";
import { pageParam, type SearchParams } from "@/lib/adapters/admin/list-query";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { loadSimilarCompanyAddresses } from "@/lib/adapters/admin/similar-companies";
import { requireAdmin } from "@/lib/domains/auth/session";
import { SIMILARITY_REPRESENTATIVES } from "@/lib/domains/companies/email-groups/similar-addresses";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { requestRecomputationAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Ähnliche Adressen" };

export default async function SimilarAddressesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin(ADMIN_SCREENS.similarAddresses.permission);
  const found = await loadSimilarCompanyAddresses({ page: pageParam(await searchParams) });
  return (
    <>
      <PageHeader
        back={{ href: "/admin/companies", label: "Newsrooms" }}
        title="Ähnliche Adressen"
        description="Newsrooms, deren Firmen-E-Mail-Adressen sich nur um ein oder zwei Zeichen unterscheiden (vor dem @ bei gleicher Domain, oder in der Domain bei gleichem Namen, auch mit anderer Endung): wahrscheinlich dieselbe Firma, zweimal angelegt. Prüfen Sie jedes Paar in der Vorschau der Zusammenführung."
      />
      <p className="meta">
        Jede Adresse wird innerhalb ihrer Domain (bzw. ihres Namens) mit höchstens {SIMILARITY_REPRESENTATIVES} Nachbarn in alphabetischer
        Reihenfolge verglichen. Agentur-Adressen und nicht lesbare Adressen bleiben außen vor; gleiche Adressen zeigt die Seite des
        Newsrooms selbst.
      </p>
      <p className="meta">
        {found.computed
          ? `Berechnet am ${formatBerlin(found.computed.finishedAt)} aus ${found.computed.addresses.toLocaleString("de-DE")} Adressen. Die Liste wird jede Nacht neu berechnet; Newsrooms zeigt sie so, wie sie jetzt sind.`
          : "Noch nicht berechnet. Die Liste wird jede Nacht berechnet, oder jetzt auf Anforderung."}
      </p>
      <ActionButton action={requestRecomputationAction} label="Neu berechnen" />
      {found.pairs.length ? (
        <>
          <p className="meta">{found.total === 1 ? "1 Paar" : `${found.total.toLocaleString("de-DE")} Paare`}</p>
          <SimilarAddressesTable pairs={found.pairs} />
        </>
      ) : (
        <p className="empty">{found.computed ? "Keine ähnlichen Adressen gefunden." : "Noch keine Berechnung."}</p>
      )}
      <ListPager
        page={found.page}
        pageCount={found.pageCount}
        href={(page) => (page > 1 ? `/admin/companies/similar?page=${page}` : "/admin/companies/similar")}
        label="Seiten der Liste ähnlicher Adressen"
      />
    </>
  );
}
