import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChallengeForm } from "@/components/auth/challenge-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { readSessionIncludingPending } from "@/lib/auth/session";
import { SITE_NAMES } from "@/lib/sites";
import { answerChallenge, logout } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Zweiter Faktor", robots: { index: false } };

export default async function ChallengePage() {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (!s.session.twoFactorPending) redirect("/login/continue");
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Anmeldung bestätigen</h1>
        <p>Ihr Konto ist mit einem zweiten Faktor geschützt. Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein oder einen Ihrer Wiederherstellungscodes.</p>
        <ChallengeForm action={answerChallenge} />
        <form action={logout}>
          <button type="submit" className="link-button">
            Abbrechen und abmelden
          </button>
        </form>
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
