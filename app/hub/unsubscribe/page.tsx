import type { Metadata } from "next";
import { UnsubscribeForm } from "@/components/mail/unsubscribe-form";
import { Notice } from "@/components/ui/notice";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import type { UnsubscribeScope } from "@/lib/domains/mail/mail-types";
import { verifyUnsubscribeToken } from "@/lib/domains/mail/unsubscribe-token";
import { SITE_NAMES } from "@/lib/domains/sites";
import { unsubscribe } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "E-Mails abbestellen", robots: { index: false } };

const WHAT: Record<UnsubscribeScope, { de: string; en: string }> = {
  newsletter: { de: "den Newsletter", en: "the newsletter" },
  published: { de: "Benachrichtigungen über veröffentlichte Pressemitteilungen", en: "notices of published press releases" },
  rejected: { de: "Benachrichtigungen über abgelehnte Pressemitteilungen", en: "notices of rejected press releases" },
  press_release_corrected: { de: "Benachrichtigungen über korrigierte Pressemitteilungen", en: "notices of corrected press releases" },
};

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).t;
  const token = typeof raw === "string" ? raw.slice(0, 2000) : "";
  const target = verifyUnsubscribeToken(token);
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>E-Mails abbestellen</h1>
        {target ? (
          <>
            <p>
              <strong>{target.email}</strong> erhält künftig keine E-Mails mehr über {WHAT[target.scope].de}. Anmeldelinks,
              Sicherheitshinweise und Rechnungen kommen weiterhin.
            </p>
            <p lang="en">
              <strong>{target.email}</strong> will no longer receive {WHAT[target.scope].en}. Sign-in links, security notices and invoices
              still arrive.
            </p>
            <UnsubscribeForm token={token} action={unsubscribe} />
          </>
        ) : (
          <Notice tone="error" role="alert">
            Dieser Abmeldelink ist ungültig oder unvollständig. Bitte öffnen Sie den Link aus der E-Mail vollständig. / This unsubscribe
            link is not valid.
          </Notice>
        )}
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
