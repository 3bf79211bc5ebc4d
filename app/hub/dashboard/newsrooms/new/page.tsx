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
  const form = (
    <NewsroomForm initial={{ ...EMPTY_NEWSROOM_FORM, email: "" }} creating submitLabel="Newsroom anlegen" action={createNewsroomAction} />
  );
  if (!first) {
    return (
      <>
        <PageHeader title="Neuen Newsroom anlegen" />
        {form}
      </>
    );
  }
  // The first screen a new customer fills in: the form, and beside it what comes after it.
  return (
    <>
      <PageHeader
        title={`Willkommen bei Pressdesk, ${user.name}`}
        description="Legen Sie zuerst den Newsroom Ihres Unternehmens an: Unter ihm erscheinen Ihre Pressemitteilungen, mit Logo, Beschreibung und Pressekontakt. Das dauert zwei Minuten."
      />
      <div className="onboarding-layout">
        {form}
        <aside className="onboarding-intro" aria-labelledby="next-steps">
          <h2 id="next-steps">Ihre nächsten Schritte</h2>
          <ol className="steps steps-vertical">
            <li aria-current="step">
              <strong>Newsroom anlegen</strong>
              <small>Name, Portal und Adresse: so erscheint Ihr Unternehmen auf dem Portal.</small>
            </li>
            <li>
              Logo und Pressekontakt
              <small>Journalistinnen und Journalisten sehen, wen sie fragen können.</small>
            </li>
            <li>
              Paket buchen
              <small>Mit Karte oder auf Rechnung; die Preise stehen vorab fest.</small>
            </li>
            <li>
              Erste Pressemitteilung
              <small>Sie wird geprüft und erscheint auf dem Portal, im Feed und bei Suchmaschinen.</small>
            </li>
          </ol>
          <p className="meta">
            Sie wurden von einer Kollegin oder einem Kollegen eingeladen? Dann öffnen Sie den Link aus der Einladungs-E-Mail; Sie brauchen
            keinen eigenen Newsroom.
          </p>
        </aside>
      </div>
    </>
  );
}
