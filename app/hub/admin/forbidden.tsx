import Link from "next/link";

export default function AdminForbidden() {
  return (
    <>
      <h1>Keine Berechtigung</h1>
      <p>Für diesen Bereich fehlt Ihrem Konto die nötige Berechtigung (403).</p>
      <p>
        <Link href="/dashboard">Zu Ihren Pressemitteilungen</Link>
      </p>
    </>
  );
}
