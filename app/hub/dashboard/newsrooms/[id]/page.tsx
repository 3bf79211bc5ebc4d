import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LogoUpload } from "@/components/dashboard/newsroom/logo-upload";
import { NewsroomForm } from "@/components/dashboard/newsroom/newsroom-form";
import { NewsroomTabs } from "@/components/dashboard/newsroom/newsroom-tabs";
import { OnboardingChecklist } from "@/components/dashboard/newsroom/onboarding-checklist";
import { PressContacts } from "@/components/dashboard/newsroom/press-contacts";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { loadNewsroomProfile } from "@/lib/domains/companies/profile/load-newsroom-profile";
import { AppError } from "@/lib/core/errors/errors";
import {
  defaultContactAction,
  deleteContactAction,
  removeLogoAction,
  saveContactAction,
  updateNewsroomAction,
  uploadLogoAction,
} from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Newsroom-Profil" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ willkommen?: string | string[] }> };

async function load(userId: number, id: string) {
  try {
    return await loadNewsroomProfile(userId, Number(id));
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

export default async function NewsroomProfilePage({ params, searchParams }: Props) {
  const { user } = await requireUser();
  const newsroom = await load(user.id, (await params).id);
  const welcome = (await searchParams).willkommen !== undefined;
  const showChecklist = welcome || newsroom.steps.some((s) => s.required && !s.done);
  const id = newsroom.id;
  return (
    <>
      <PageHeader
        back={{ href: "/dashboard/newsrooms", label: "Alle Newsrooms" }}
        title={newsroom.name}
        actions={newsroom.publicUrl ? <a href={newsroom.publicUrl}>Öffentliche Seite ansehen</a> : null}
      />
      <NewsroomTabs companyId={id} current="profile" />
      {welcome ? (
        <Notice tone="success" role="status">
          Ihr Newsroom ist angelegt.
        </Notice>
      ) : null}
      {newsroom.isGone ? (
        <Notice tone="warning">Dieser Newsroom wurde entfernt. Er ist nicht mehr öffentlich und nimmt keine neuen Inhalte an.</Notice>
      ) : null}
      {showChecklist && newsroom.may.writeReleases && !newsroom.isGone ? (
        <OnboardingChecklist steps={newsroom.steps} quota={newsroom.quota} companyId={id} />
      ) : null}
      {newsroom.may.edit ? null : (
        <p className="meta">
          Ihre Rolle in diesem Newsroom erlaubt, das Profil anzusehen; ändern können es Inhaber/innen und Verantwortliche.
        </p>
      )}
      <section className="panel" id="logo-section" aria-labelledby="logo-heading">
        <h2 id="logo-heading">Logo</h2>
        <LogoUpload
          logoUrl={newsroom.logoUrl}
          name={newsroom.name}
          canEdit={newsroom.may.edit}
          upload={uploadLogoAction.bind(null, id)}
          remove={removeLogoAction.bind(null, id)}
        />
      </section>
      <section className="panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profil</h2>
        <NewsroomForm
          initial={newsroom.values}
          creating={false}
          readOnly={!newsroom.may.edit}
          submitLabel="Profil speichern"
          action={updateNewsroomAction.bind(null, id)}
        />
      </section>
      <section className="panel" id="contacts-section" aria-labelledby="contacts-heading">
        <h2 id="contacts-heading">Pressekontakte</h2>
        <p className="meta">
          Der Standardkontakt füllt den Kontaktblock neuer Pressemitteilungen vor und erscheint auf der Newsroom-Seite.
        </p>
        <PressContacts
          canEdit={newsroom.may.edit}
          add={saveContactAction.bind(null, id, null)}
          contacts={newsroom.contacts.map((c) => ({
            ...c,
            save: saveContactAction.bind(null, id, c.id),
            remove: deleteContactAction.bind(null, id, c.id),
            makeDefault: defaultContactAction.bind(null, id, c.id),
          }))}
        />
      </section>
    </>
  );
}
