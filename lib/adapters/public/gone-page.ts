import { SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";

const TEXT = {
  de: {
    title: "Nicht mehr verfügbar",
    body: "Dieser Inhalt wurde entfernt und ist dauerhaft nicht mehr verfügbar.",
    home: "Zur Startseite",
    search: "Andere Pressemitteilungen suchen",
    searchPath: "suche",
  },
  en: {
    title: "No longer available",
    body: "This content has been removed and is permanently unavailable.",
    home: "Go to the home page",
    search: "Search other releases",
    searchPath: "search",
  },
} as const;

/** The 410 page: small, static, without scripts; answered by the middleware itself. */
export function gonePageHtml(portal: Portal, edition: Edition): string {
  const t = TEXT[edition];
  return `<!DOCTYPE html>
<html lang="${edition}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title} – ${SITE_NAMES[portal]}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}header{border-bottom:1px solid #d0d5dd;padding:1rem}header a{font-weight:700;font-size:1.15rem;color:#1a1a1a;text-decoration:none}main{max-width:40rem;margin:3rem auto;padding:0 1rem}a{color:#0b57d0}ul{padding-left:1.25rem}@media (prefers-color-scheme:dark){body{background:#111418;color:#e6e8eb}header a{color:#e6e8eb}a{color:#8ab4f8}}</style>
</head><body><header><a href="/${edition}">${SITE_NAMES[portal]}</a></header><main><h1>${t.title}</h1><p>${t.body}</p><ul><li><a href="/${edition}">${t.home}</a></li><li><a href="/${edition}/${t.searchPath}">${t.search}</a></li></ul></main></body></html>`;
}
