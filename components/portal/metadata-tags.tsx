import type { Metadata } from "next";
import { metadataTitle } from "@/lib/adapters/public/reader-pages/metadata-title";

// The <head> tags of a reader page from the same Metadata object the pages have always built:
// reader pages are rendered to static markup (components/portal/reader-route.tsx), where Next's
// own metadata rendering does not run. Only the fields the pages use are written.

type Image = { url: string | URL; width?: number | string; height?: number | string; alt?: string };

const text = (v: unknown): string | undefined => (typeof v === "string" ? v : v instanceof URL ? v.href : undefined);

function imagesOf(images: unknown): Image[] {
  const list = Array.isArray(images) ? images : images ? [images] : [];
  return list.map((i) => (typeof i === "string" || i instanceof URL ? { url: i } : (i as Image)));
}

function robotsOf(robots: Metadata["robots"]): string | undefined {
  if (typeof robots === "string") return robots;
  if (!robots) return undefined;
  return [robots.index === false ? "noindex" : null, robots.follow === false ? "nofollow" : null].filter(Boolean).join(", ") || undefined;
}

export function MetadataTags({ metadata: m }: { metadata: Metadata }) {
  const title = metadataTitle(m.title);
  const robots = robotsOf(m.robots);
  const og = (m.openGraph ?? {}) as Record<string, unknown>;
  const tw = (m.twitter ?? {}) as Record<string, unknown>;
  const languages = (m.alternates?.languages ?? {}) as Record<string, string | URL>;
  const types = (m.alternates?.types ?? {}) as Record<string, string | URL>;
  const ogImages = imagesOf(og.images);
  const authors = Array.isArray(og.authors) ? og.authors : og.authors ? [og.authors] : [];
  const meta = (property: string, content: unknown) => {
    const value = text(content) ?? (typeof content === "number" ? String(content) : undefined);
    return value === undefined ? null : <meta key={`${property}:${value}`} property={property} content={value} />;
  };
  const named = (name: string, content: unknown) => {
    const value = text(content);
    return value === undefined ? null : <meta key={`${name}:${value}`} name={name} content={value} />;
  };
  return (
    <>
      {title ? <title>{title}</title> : null}
      {named("description", m.description)}
      {robots ? named("robots", robots) : null}
      {m.alternates?.canonical ? <link rel="canonical" href={text(m.alternates.canonical)} /> : null}
      {Object.entries(languages).map(([lang, href]) => (
        <link key={lang} rel="alternate" hrefLang={lang} href={text(href)} />
      ))}
      {Object.entries(types).map(([type, href]) => (
        <link key={type} rel="alternate" type={type} href={text(href)} />
      ))}
      {meta("og:title", og.title)}
      {meta("og:description", og.description)}
      {meta("og:url", og.url)}
      {meta("og:site_name", og.siteName)}
      {meta("og:locale", og.locale)}
      {ogImages.map((i) => [
        meta("og:image", i.url),
        meta("og:image:width", i.width),
        meta("og:image:height", i.height),
        meta("og:image:alt", i.alt),
      ])}
      {meta("og:type", og.type)}
      {meta("article:published_time", og.publishedTime)}
      {meta("article:modified_time", og.modifiedTime)}
      {authors.map((a) => meta("article:author", a))}
      {named("twitter:card", tw.card)}
      {named("twitter:title", tw.title)}
      {named("twitter:description", tw.description)}
      {imagesOf(tw.images).map((i) => named("twitter:image", i.url))}
    </>
  );
}
