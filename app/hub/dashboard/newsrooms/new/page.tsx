import type { Metadata } from "next";
import { NewsroomForm } from "@/components/dashboard/newsroom/newsroom-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { EMPTY_NEWSROOM_FORM } from "@/lib/domains/companies/profile/newsroom-fields";
import { createNewsroomAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Newsroom anlegen" };

// Onboarding step 1. A customer without a newsroom is sent here from the dashboard.
export default async function NewNewsroomPage() {
  const { user } = await requireUser();
  const first = (await newsroomsOfUser(user.id)).length === 0;
  return (
    <>
      {first ? (
        <section className="onboarding-intro" aria-labelledby="welcome">
          <h1 id="welcome">Willkommen bei Pressdesk, {user.name}</h1>
          <p>
            Legen Sie zuerst den Newsroom Ihres Unternehmens an: Unter ihm erscheinen Ihre Pressemitteilungen, mit Logo, Beschreibung und
            Pressekontakt. Das dauert zwei Minuten.
          </p>
          <ol className="steps" aria-label="Ihre nächsten Schritte">
            <li aria-current="step">
              <strong>Newsroom anlegen</strong>
            </li>
            <li>Logo und Pressekontakt</li>
            <li>Paket buchen</li>
            <li>Erste Pressemitteilung</li>
          </ol>
          <p className="meta">
            Sie wurden von einer Kollegin oder einem Kollegen eingeladen? Dann öffnen Sie den Link aus der Einladungs-E-Mail; Sie brauchen
            keinen eigenen Newsroom.
          </p>
        </section>
      ) : (
        <PageHeader title="Neuen Newsroom anlegen" />
      )}
      <NewsroomForm initial={{ ...EMPTY_NEWSROOM_FORM, email: "" }} creating submitLabel="Newsroom anlegen" action={createNewsroomAction} />
    </>
  );
}
