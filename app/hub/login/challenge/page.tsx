import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChallengeForm } from "@/components/auth/challenge-form";
import { PasskeyConfirmButton } from "@/components/auth/passkey-confirm-button";
import { Button } from "@/components/ui/button";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { countPasskeys } from "@/lib/domains/accounts/passkeys/passkey-count";
import { readSessionIncludingPending } from "@/lib/domains/auth/session";
import { SITE_NAMES } from "@/lib/domains/sites";
import { answerChallenge, answerChallengeWithPasskey, logout, startPasskeyChallenge } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Zweiter Faktor", robots: { index: false } };

// Offers what the account has: a passkey (staff whose strong factor is a passkey meet the
// challenge too), the app code or a recovery code.
export default async function ChallengePage() {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (!s.session.twoFactorPending) redirect("/login/continue");
  const hasPasskey = (await countPasskeys(s.user.id)) > 0;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Anmeldung bestätigen</h1>
        <p>
          Ihr Konto ist mit einem zweiten Faktor geschützt. Bestätigen Sie die Anmeldung mit{" "}
          {hasPasskey && s.user.hasTotp
            ? "Ihrem Passkey, mit dem aktuellen Code aus Ihrer Authenticator-App oder einem Ihrer Wiederherstellungscodes"
            : hasPasskey
              ? "Ihrem Passkey"
              : "dem aktuellen Code aus Ihrer Authenticator-App oder einem Ihrer Wiederherstellungscodes"}
          .
        </p>
        {hasPasskey ? <PasskeyConfirmButton start={startPasskeyChallenge} answer={answerChallengeWithPasskey} /> : null}
        {s.user.hasTotp ? <ChallengeForm action={answerChallenge} /> : null}
        {hasPasskey && !s.user.hasTotp ? (
          <p className="meta">Passkey verloren? Wenden Sie sich an eine Super-Administratorin oder einen Super-Administrator.</p>
        ) : null}
        <form action={logout}>
          <Button type="submit" variant="link">
            Abbrechen und abmelden
          </Button>
        </form>
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
