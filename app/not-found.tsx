export default function NotFound() {
  return (
    <main id="main" className="wrap">
      <h1>Seite nicht gefunden</h1>
      <p lang="en">Page not found.</p>
    </main>
  );
}
