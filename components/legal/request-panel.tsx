import Link from "next/link";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { releaseLegalPanel } from "@/lib/adapters/dashboard/legal-requests";
import { RequestList } from "./request-list";
import { RequestModal } from "./request-modal";

type Panel = Awaited<ReturnType<typeof releaseLegalPanel>>;

/** The release page's legal section (spec 4.4): the request modal where the person may file, and this release's requests. */
export function RequestPanel({
  panel,
  action,
}: {
  panel: Panel;
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  if (!panel.choices && !panel.requests.length) return null;
  return (
    <section className="panel request-panel" id="rechtliche-anliegen" aria-labelledby="legal-heading">
      <h2 id="legal-heading">Rechtliche Anliegen</h2>
      {panel.choices ? (
        <>
          <p>
            Berichtigung, Änderung, Schwärzung oder Depublizierung dieser Pressemitteilung beantragen. Die Redaktion prüft jeden Antrag und
            entscheidet; wo er steht, sehen Sie hier.
          </p>
          <RequestModal release={panel.preview} choices={panel.choices} action={action} />
        </>
      ) : null}
      {panel.requests.length ? (
        <RequestList rows={panel.requests} withRelease={false} caption="Anträge zu dieser Pressemitteilung" />
      ) : null}
      <p className="meta">
        <Link href="/dashboard/legal-requests">Alle Anträge Ihrer Newsrooms</Link>
      </p>
    </section>
  );
}
