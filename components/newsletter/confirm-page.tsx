import type { Metadata } from "next";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { NewsletterConfirmForm } from "./confirm-form";
import { CONFIRM_COPY } from "./copy";

export function confirmMetadata(edition: Edition): Metadata {
  // The token is in the path: no index, and no Referer carrying it to another site.
  return { title: { absolute: `${CONFIRM_COPY[edition].title} – ${SITE_NAMES.hub}` }, robots: { index: false }, referrer: "no-referrer" };
}

/** The page behind the link of the confirmation mail: nothing happens until the button is pressed. */
export function NewsletterConfirmPage({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const t = CONFIRM_COPY[edition];
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} homeHref="/" nav={[]} />
      <main id="main" className="wrap" lang={edition}>
        <h1>{t.title}</h1>
        <p>{t.intro}</p>
        <NewsletterConfirmForm edition={edition} action={action} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
