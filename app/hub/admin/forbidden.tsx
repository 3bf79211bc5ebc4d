import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export default function AdminForbidden() {
  return (
    <>
      <PageHeader title="Keine Berechtigung" description="Für diesen Bereich fehlt Ihrem Konto die nötige Berechtigung." />
      <p>
        <Link href="/dashboard">Zu Ihren Pressemitteilungen</Link>
      </p>
    </>
  );
}
