import { SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";

const TEXT = {
  de: {
    title: "Nicht mehr verfügbar",
    body: "Dieser Inhalt wurde entfernt und ist dauerhaft nicht mehr verfügbar.",
    home: "Zur Startseite",
  },
  en: { title: "No longer available", body: "This content has been removed and is permanently unavailable.", home: "Go to the home page" },
} as const;

/** The 410 page: small, static, without scripts; answered by the middleware itself. */
export function gonePageHtml(portal: Portal, edition: Edition): string {
  const t = TEXT[edition];
  return `<!DOCTYPE html>
<html lang="${edition}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title} – ${SITE_NAMES[portal]}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a}main{max-width:40rem;margin:4rem auto;padding:0 1rem}a{color:#0b57d0}</style>
</head><body><main><p>${SITE_NAMES[portal]}</p><h1>${t.title}</h1><p>${t.body}</p><p><a href="/${edition}">${t.home}</a></p></main></body></html>`;
}
