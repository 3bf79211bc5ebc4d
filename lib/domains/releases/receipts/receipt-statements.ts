import type { Edition } from "@/lib/domains/sites";
import type { ApprovedBy, CheckOutcome, ReceiptPayload } from "./receipt-payload";
import type { ReceiptEvent } from "./receipt-events";

// What a receipt states, as lines a person reads: the PDF prints them, the verify page shows them
// in a table, the dashboard names the events. German and English; never an enum value.

export const RECEIPT_EVENT_LABELS: Record<Edition, Record<ReceiptEvent, string>> = {
  de: {
    published: "Veröffentlicht",
    changed: "Geändert (kostenpflichtige Änderung)",
    corrected: "Berichtigt",
    archived: "Vom Newsroom archiviert, nicht mehr öffentlich",
    unarchived: "Aus dem Archiv wieder veröffentlicht",
    depublished: "Von der Redaktion offline genommen",
    republished: "Von der Redaktion wieder veröffentlicht",
    removed: "Entfernt (die Seite meldet „nicht mehr verfügbar“)",
    restored: "Wiederhergestellt",
    deleted: "Gelöscht",
    newsroom_deleted: "Newsroom gelöscht, nicht mehr öffentlich",
    newsroom_restored: "Newsroom wiederhergestellt",
    images_changed: "Bilder geändert",
  },
  en: {
    published: "Published",
    changed: "Changed (paid change)",
    corrected: "Corrected",
    archived: "Archived by the newsroom, no longer public",
    unarchived: "Published again from the archive",
    depublished: "Taken offline by the editors",
    republished: "Published again by the editors",
    removed: "Removed (the page answers “gone”)",
    restored: "Restored",
    deleted: "Deleted",
    newsroom_deleted: "Newsroom deleted, no longer public",
    newsroom_restored: "Newsroom restored",
    images_changed: "Images changed",
  },
};

const CHECK: Record<Edition, Record<CheckOutcome, string>> = {
  de: {
    green: "bestanden (grün)",
    yellow: "bestanden mit Hinweisen (gelb)",
    red: "nicht bestanden (rot)",
    none: "keine automatische Prüfung dieser Fassung",
  },
  en: { green: "passed (green)", yellow: "passed with notes (yellow)", red: "failed (red)", none: "no automatic check of this version" },
};

const APPROVED: Record<Edition, Record<ApprovedBy, string>> = {
  de: {
    automatic_check: "die automatische Prüfung",
    editor: "eine Person der Redaktion",
    not_recorded: "nicht erfasst (veröffentlicht vor Einführung der Prüfung)",
  },
  en: {
    automatic_check: "the automatic check",
    editor: "a person of the editorial staff",
    not_recorded: "not recorded (published before the check existed)",
  },
};

const LABELS = {
  de: {
    receipt: "Nachweis",
    receiptValue: (p: ReceiptPayload) => `Nr. ${p.receipt_id}, der ${p.sequence}. Nachweis dieser Pressemitteilung`,
    event: "Ereignis",
    issued: "Ausgestellt",
    backfilled: "Nachträglich ausgestellt; beschreibt den Stand zu diesem Zeitpunkt",
    release: "Pressemitteilung",
    no: "Nr.",
    currentTitle: "Titel (aktueller Titel, nicht Teil des Nachweises)",
    newsroom: "Newsroom",
    placement: "Portal und Ausgabe",
    edition: { de: "deutsche Ausgabe", en: "englische Ausgabe" },
    publicUrl: "Öffentliche Adresse",
    canonical: "Kanonische Adresse",
    published: "Veröffentlicht",
    state: "Zustand danach",
    isPublic: "öffentlich sichtbar",
    notPublic: "nicht öffentlich sichtbar",
    gone: "entfernt",
    deleted: "gelöscht",
    contentHash: "Inhalts-Hash (SHA-256 über Titel und Text)",
    fingerprint: "Prüf-Fingerabdruck (SHA-256 über alles Geprüfte)",
    check: "Automatische Prüfung",
    approval: "Freigegeben durch",
    images: "Bilder (Position: SHA-256 der Datei)",
    noImages: "keine",
    feed: "Im Feed",
    newsSitemap: "In der News-Sitemap",
    notListed: "nicht gelistet",
    since: (at: string, url: string) => `seit ${at} (${url})`,
    window: (from: string, until: string, url: string) => `von ${from} bis ${until} (${url})`,
    none: "–",
  },
  en: {
    receipt: "Receipt",
    receiptValue: (p: ReceiptPayload) => `No. ${p.receipt_id}, receipt ${p.sequence} of this press release`,
    event: "Event",
    issued: "Issued",
    backfilled: "Issued afterwards; describes the state at that time",
    release: "Press release",
    no: "No.",
    currentTitle: "Title (current title, not part of the receipt)",
    newsroom: "Newsroom",
    placement: "Portal and edition",
    edition: { de: "German edition", en: "English edition" },
    publicUrl: "Public address",
    canonical: "Canonical address",
    published: "Published",
    state: "State afterwards",
    isPublic: "publicly visible",
    notPublic: "not publicly visible",
    gone: "removed",
    deleted: "deleted",
    contentHash: "Content hash (SHA-256 over title and text)",
    fingerprint: "Review fingerprint (SHA-256 over everything checked)",
    check: "Automatic check",
    approval: "Approved by",
    images: "Images (position: SHA-256 of the file)",
    noImages: "none",
    feed: "In the feed",
    newsSitemap: "In the news sitemap",
    notListed: "not listed",
    since: (at: string, url: string) => `since ${at} (${url})`,
    window: (from: string, until: string, url: string) => `from ${from} until ${until} (${url})`,
    none: "–",
  },
} as const;

const DATE_FORMATS: Record<Edition, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Berlin" }),
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Berlin" }),
};

/** An instant of a receipt in Berlin time, e.g. "03.03.2026, 09:30:12 Uhr". */
export function receiptTime(iso: string | null, edition: Edition): string {
  if (!iso) return LABELS[edition].none;
  return `${DATE_FORMATS[edition].format(new Date(iso))}${edition === "de" ? " Uhr" : " (Berlin)"}`;
}

export interface Statement {
  label: string;
  lines: string[];
}

/**
 * The receipt's statements, one per row, in the order the receipt gives them. A receipt names no
 * title; `currentTitle` (the release's title now, read from the database by a door that may show
 * it: the newsroom's own PDF) is printed after the release's number, marked as not signed.
 */
export function receiptStatements(p: ReceiptPayload, edition: Edition, opts: { currentTitle?: string } = {}): Statement[] {
  const t = LABELS[edition];
  const at = (iso: string | null) => receiptTime(iso, edition);
  const state = [p.state.public ? t.isPublic : t.notPublic, p.state.gone ? t.gone : null, p.state.deleted ? t.deleted : null];
  return [
    { label: t.receipt, lines: [t.receiptValue(p), ...(p.backfilled ? [t.backfilled] : [])] },
    { label: t.event, lines: [RECEIPT_EVENT_LABELS[edition][p.event] ?? p.event] },
    { label: t.issued, lines: [at(p.issued_at)] },
    { label: t.release, lines: [`${t.no} ${p.release.id}`] },
    ...(opts.currentTitle !== undefined ? [{ label: t.currentTitle, lines: [opts.currentTitle] }] : []),
    { label: t.newsroom, lines: [`${p.release.newsroom.name} (${t.no} ${p.release.newsroom.id})`] },
    { label: t.placement, lines: [`${p.release.portal_name}, ${t.edition[p.release.edition]}`] },
    { label: t.publicUrl, lines: [p.release.urls.public] },
    { label: t.canonical, lines: [p.release.urls.canonical] },
    { label: t.published, lines: [at(p.published_at)] },
    { label: t.state, lines: [state.filter(Boolean).join(", ")] },
    { label: t.contentHash, lines: [p.content_hash] },
    { label: t.fingerprint, lines: [p.review_fingerprint ?? t.none] },
    { label: t.check, lines: [CHECK[edition][p.check.outcome]] },
    { label: t.approval, lines: [APPROVED[edition][p.approval.by]] },
    { label: t.images, lines: p.images.length ? p.images.map((i) => `${i.position}: ${i.sha256}`) : [t.noImages] },
    { label: t.feed, lines: [p.feed ? t.since(at(p.feed.listed_from), p.feed.url) : t.notListed] },
    {
      label: t.newsSitemap,
      lines: [p.news_sitemap ? t.window(at(p.news_sitemap.listed_from), at(p.news_sitemap.listed_until), p.news_sitemap.url) : t.notListed],
    },
  ];
}
