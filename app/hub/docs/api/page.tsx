import type { Metadata } from "next";
import { OperationDoc, type Operation } from "@/components/docs/operation";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { openApiDocument } from "@/lib/adapters/api/openapi";
import { SITE_NAMES } from "@/lib/domains/sites";

export const metadata: Metadata = { title: { absolute: "API v1 – Pressdesk" }, description: "The Pressdesk HTTP API for press releases." };

export default function ApiDocs() {
  const doc = openApiDocument();
  const schemas = Object.entries(doc.components?.schemas ?? {});
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="API" homeHref="/" nav={[]} />
      <main id="main" className="wrap" lang="en">
        <h1>
          {doc.info.title} {doc.info.version}
        </h1>
        <p>{doc.info.description}</p>
        <p>
          Machine-readable description (OpenAPI 3.1):{" "}
          <a href="/api/v1/openapi.json">
            <code>/api/v1/openapi.json</code>
          </a>
          . Create a token in the dashboard under <a href="/dashboard/tokens">API tokens</a> and send it as{" "}
          <code>Authorization: Bearer pd_…</code>.
        </p>
        <h2>Operations</h2>
        {Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
          Object.entries(item as Record<string, Operation>).map(([method, op]) => (
            <OperationDoc key={`${method} ${path}`} method={method} path={path} op={op} />
          )),
        )}
        <h2>Schemas</h2>
        {schemas.map(([name, schema]) => (
          <section key={name} id={`schema-${name}`}>
            <h3>
              <code>{name}</code>
            </h3>
            <pre className="schema">{JSON.stringify(schema, null, 2)}</pre>
          </section>
        ))}
        <h2>Legacy /service API</h2>
        <p>
          The older <code>/service/pressreleases</code> family keeps its contract (fields <code>text</code>, <code>city</code>,{" "}
          <code>lang</code>,<code>limit</code>; flat responses with <code>view_url</code>). Its image upload answers 410: upload images
          through v1.
        </p>
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
