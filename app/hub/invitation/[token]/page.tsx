import type { Metadata } from "next";
import { AcceptInvitationForm, AcceptInvitationSignIn } from "@/components/dashboard/team/accept-invitation";
import { Button, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { readSession } from "@/lib/domains/auth/session";
import { findInvitationByToken, ROLE_LABEL, roleDescriptions } from "@/lib/domains/companies/team";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { SITE_NAMES } from "@/lib/domains/sites";
import { logout } from "../../login/actions";
import { acceptInvitationAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Einladung", robots: { index: false }, referrer: "no-referrer" };

// The page an invitation mail links to. It only shows the invitation: accepting is a POST on a
// click (mail scanners open links). Without an account for the invited address the way in is a
// registration with that address; its confirmation accepts the invitation (lib/domains/companies/team).
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const token = (await params).token.slice(0, 200);
  const [invitation, session] = await Promise.all([findInvitationByToken(token), readSession()]);
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        {invitation ? (
          <Invitation token={token} invitation={invitation} signedInAs={session?.user.email ?? null} />
        ) : (
          <Invalid signedIn={!!session} />
        )}
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}

function Invalid({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <h1>Einladung</h1>
      <Notice tone="error" role="alert">
        Diese Einladung ist ungültig, abgelaufen oder wurde schon angenommen. Bitten Sie die Person, die Sie eingeladen hat, um eine neue
        Einladung.
      </Notice>
      <p>{signedIn ? <a href="/dashboard">Zum Dashboard</a> : <a href="/login">Zur Anmeldung</a>}</p>
    </>
  );
}

type Pending = NonNullable<Awaited<ReturnType<typeof findInvitationByToken>>>;

function Invitation({ token, invitation, signedInAs }: { token: string; invitation: Pending; signedInAs: string | null }) {
  const role = roleDescriptions().find((r) => r.role === invitation.role)!;
  const register = `/register?${new URLSearchParams({ email: invitation.email, invitation: token })}`;
  return (
    <>
      <h1>Einladung in den Newsroom „{invitation.newsroomName}“</h1>
      <dl className="facts">
        <dt>Newsroom</dt>
        <dd>{invitation.newsroomName}</dd>
        <dt>Ihre Rolle</dt>
        <dd>{ROLE_LABEL[invitation.role]}</dd>
        <dt>Eingeladen von</dt>
        <dd>{invitation.inviterName ?? "einer Inhaberin oder einem Inhaber des Newsrooms"}</dd>
        <dt>Für die Adresse</dt>
        <dd>{invitation.email}</dd>
        <dt>Gültig bis</dt>
        <dd>{formatBerlin(invitation.expiresAt)}</dd>
      </dl>
      <p>Als {role.label} dürfen Sie:</p>
      <ul>
        {role.abilities.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {signedInAs !== null && signedInAs !== invitation.email ? (
        <>
          <Notice tone="error" role="alert">
            Diese Einladung gilt nur für {invitation.email}. Sie sind als {signedInAs} angemeldet. Melden Sie sich ab und öffnen Sie den
            Link aus der E-Mail dann erneut.
          </Notice>
          <form action={logout}>
            <Button type="submit" variant="secondary">
              Abmelden
            </Button>
          </form>
        </>
      ) : signedInAs !== null ? (
        <AcceptInvitationForm action={acceptInvitationAction.bind(null, token)} />
      ) : invitation.accountUserId !== null ? (
        <>
          <p>Mit dem Klick treten Sie dem Newsroom bei und sind in diesem Browser angemeldet.</p>
          <AcceptInvitationSignIn token={token} next={`/dashboard/newsrooms/${invitation.companyId}`} />
        </>
      ) : (
        <>
          <p>
            Für {invitation.email} gibt es noch kein Konto. Legen Sie es mit dieser Adresse an; sobald Sie die Adresse bestätigt haben,
            gehören Sie zum Team.
          </p>
          {/* A plain link: the registration page loads afresh, nothing prefetches the invitation's token. */}
          <a className={buttonClass()} href={register}>
            Konto anlegen
          </a>
        </>
      )}
    </>
  );
}
