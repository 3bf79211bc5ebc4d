import type { Metadata } from "next";
import Link from "next/link";
import { ReleaseForm } from "@/components/dashboard/release-form";
import { requireUser } from "@/lib/domains/auth/session";
import { loadNewReleaseForm } from "@/lib/adapters/dashboard/new-release-form";
import { getConfig } from "@/lib/core/config";
import { currentConfirmText } from "@/lib/domains/images/confirm-text";
import { saveRelease } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Neue Pressemitteilung" };

export default async function NewReleasePage({ searchParams }: { searchParams: Promise<{ newsroom?: string | string[] }> }) {
  const { user } = await requireUser();
  const preferred = Number((await searchParams).newsroom);
  const [{ newsrooms, categories, form, documentsToAccept }, confirmText] = await Promise.all([
    loadNewReleaseForm(user.id, Number.isSafeInteger(preferred) ? preferred : undefined),
    currentConfirmText(),
  ]);
  return (
    <>
      <p className="meta">
        <Link href="/dashboard">← Alle Pressemitteilungen</Link>
      </p>
      <h1>Neue Pressemitteilung</h1>
      {newsrooms.length ? (
        <ReleaseForm
          initial={form}
          newsrooms={newsrooms}
          categories={categories}
          canSubmit
          documentsToAccept={documentsToAccept}
          images={{ confirmText, maxBytes: getConfig().images.maxUploadBytes }}
          action={saveRelease}
        />
      ) : (
        <p className="empty">Ihr Konto gehört noch zu keinem Newsroom.</p>
      )}
    </>
  );
}
