import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";

/** The first step of a new account: a newsroom, before any release. */
export function NewsroomOnboarding() {
  return (
    <section className="panel onboarding-intro" aria-labelledby="start">
      <h2 id="start">Willkommen! Legen Sie Ihren Newsroom an</h2>
      <p>
        Bevor Sie Pressemitteilungen schreiben, braucht Ihr Unternehmen einen Newsroom: Name, Anschrift, Kurzbeschreibung, Logo und
        Pressekontakt. Unter ihm erscheinen Ihre Meldungen auf dem Portal.
      </p>
      <FormActions>
        <LinkButton href="/dashboard/newsrooms/new">Newsroom anlegen</LinkButton>
      </FormActions>
      <p className="meta">
        Ihr Unternehmen hat schon einen Newsroom? Dann bitten Sie dessen Inhaberin oder Inhaber um eine Einladung und öffnen den Link aus
        der E-Mail.
      </p>
    </section>
  );
}
