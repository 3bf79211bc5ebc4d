import Link from "next/link";
import { PageHeader } from "./page-header";

/** A 404 inside a signed-in area: what happened, in German and English, and the way back. */
export function NotFoundPanel({ back }: { back: { href: string; label: string } }) {
  return (
    <>
      <PageHeader
        title="Seite nicht gefunden"
        description="Diese Seite gibt es nicht (mehr). Vielleicht wurde sie gelöscht, oder die Adresse ist unvollständig."
      />
      <p lang="en" className="meta">
        Page not found: it does not exist (any more), or the address is incomplete.
      </p>
      <p>
        <Link href={back.href}>{back.label}</Link>
      </p>
    </>
  );
}
