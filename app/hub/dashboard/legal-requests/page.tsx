import type { Metadata } from "next";
import Link from "next/link";
import { RequestList } from "@/components/legal/request-list";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { formatBerlinDay } from "@/lib/core/time/berlin-time";
import { customerLegalRequests, fileableReleases } from "@/lib/adapters/dashboard/legal-requests";

export const dynamic = "force-dynamic";
const RELEASES_SHOWN = 20;
export const metadata: Metadata = { title: "Rechtliche Anliegen" };

/**
 * The customer's legal requests (spec 4.4) and the releases they can file about; the login link
 * from the public legal page lands here. Requests are filed on the release's own page.
 */
export default async function LegalRequestsPage() {
  const { user } = await requireUser();
  const [requests, releases] = await Promise.all([customerLegalRequests(user.id), fileableReleases(user.id, RELEASES_SHOWN)]);
  return (
    <>
      <PageHeader
        title="Rechtliche Anliegen"
        description="Berichtigung, Änderung, Schwärzung oder Depublizierung einer veröffentlichten Pressemitteilung beantragen Sie auf ihrer Seite mit „Antrag stellen“. Die Redaktion prüft jeden Antrag; hier sehen Sie, wo er steht."
      />
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Ihre Anträge</h2>
        {requests.length ? (
          <RequestList rows={requests} withRelease caption="Anträge Ihrer Newsrooms" />
        ) : (
          <p className="empty">Ihre Newsrooms haben noch keinen Antrag gestellt.</p>
        )}
      </section>
      <section aria-labelledby="releases-heading">
        <h2 id="releases-heading">Antrag zu einer Pressemitteilung stellen</h2>
        {releases.length ? (
          <>
            <ul className="request-releases">
              {releases.map((r) => (
                <li key={r.id}>
                  <Link href={`/dashboard/releases/${r.id}#rechtliche-anliegen`}>{r.title}</Link>
                  <span className="meta">
                    {" "}
                    · {r.company.name} · {r.status === "archived" ? "archiviert" : `veröffentlicht ${formatBerlinDay(r.publishedAt)}`}
                  </span>
                </li>
              ))}
            </ul>
            {releases.length >= RELEASES_SHOWN ? (
              <p className="meta">
                Die neuesten {releases.length}. Ältere finden Sie über die <Link href="/dashboard">Suche in Ihren Pressemitteilungen</Link>.
              </p>
            ) : null}
          </>
        ) : (
          <p className="empty">Ihre Newsrooms haben keine veröffentlichte Pressemitteilung.</p>
        )}
      </section>
    </>
  );
}
