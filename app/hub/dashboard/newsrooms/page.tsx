import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { newsroomsOfUser } from "@/lib/companies/newsrooms";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Ihre Newsrooms" };

const ROLE_LABELS = { owner: "Inhaber/in", responsible: "Verantwortlich", member: "Mitglied" } as const;
const PORTAL_LABELS = { business: "Business", tech: "Tech" } as const;

export default async function NewsroomsPage() {
  const { user } = await requireUser();
  const newsrooms = await newsroomsOfUser(user.id);
  return (
    <>
      <div className="page-head">
        <h1>Ihre Newsrooms</h1>
        <Link className="button" href="/dashboard/newsrooms/new">Neuen Newsroom anlegen</Link>
      </div>
      {newsrooms.length ? (
        <ul className="cards newsroom-cards">
          {newsrooms.map((n) => (
            <li key={n.id} className="card">
              <h2><Link href={`/dashboard/newsrooms/${n.id}`}>{n.name}</Link></h2>
              <p className="meta">
                {n.portals.map((p) => PORTAL_LABELS[p]).join(" und ")} · Ihre Rolle: {ROLE_LABELS[n.role]}
              </p>
              <p className="button-row compact">
                <Link href={`/dashboard/newsrooms/${n.id}`}>Profil</Link>
                <Link href={`/dashboard/newsrooms/${n.id}/team`}>Team</Link>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">Sie gehören noch zu keinem Newsroom. Legen Sie einen an, oder öffnen Sie die Einladung, die Ihnen jemand aus Ihrem Unternehmen geschickt hat.</p>
      )}
    </>
  );
}
