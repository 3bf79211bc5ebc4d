import type { Metadata } from "next";
import Link from "next/link";
import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Ihre Newsrooms" };

const ROLE_LABELS = { owner: "Inhaber/in", responsible: "Verantwortlich", member: "Mitglied" } as const;
const PORTAL_LABELS = { business: "Business", tech: "Tech" } as const;

export default async function NewsroomsPage() {
  const { user } = await requireUser();
  const newsrooms = await newsroomsOfUser(user.id);
  return (
    <>
      <PageHeader title="Ihre Newsrooms" actions={<LinkButton href="/dashboard/newsrooms/new">Neuen Newsroom anlegen</LinkButton>} />
      {newsrooms.length ? (
        <ul className="cards newsroom-cards">
          {newsrooms.map((n) => (
            <li key={n.id} className="card">
              <h2>
                <Link href={`/dashboard/newsrooms/${n.id}`}>{n.name}</Link>
              </h2>
              <p className="meta">
                {n.portals.map((p) => PORTAL_LABELS[p]).join(" und ")} · Ihre Rolle: {ROLE_LABELS[n.role]}
              </p>
              <FormActions spacing="compact">
                <Link href={`/dashboard/newsrooms/${n.id}`}>Profil</Link>
                <Link href={`/dashboard/newsrooms/${n.id}/team`}>Team</Link>
              </FormActions>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">
          Sie gehören noch zu keinem Newsroom. Legen Sie einen an, oder öffnen Sie die Einladung, die Ihnen jemand aus Ihrem Unternehmen
          geschickt hat.
        </p>
      )}
    </>
  );
}
