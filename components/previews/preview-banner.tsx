import type { Edition } from "@/lib/domains/sites";
import { previewTime } from "./preview-time";

const TEXT = {
  de: {
    label: "Vertrauliche Vorschau",
    forWhom: (name: string, outlet: string) => `Vertrauliche Vorschau für ${name}, ${outlet}.`,
    embargo: (at: string) => `Sperrfrist: ${at}. Bitte nicht vor diesem Zeitpunkt veröffentlichen.`,
    noDate:
      "Noch nicht zur Veröffentlichung freigegeben: Ein Zeitpunkt steht noch nicht fest. Bitte nicht veröffentlichen, bevor die Pressemitteilung erschienen ist.",
    until: (at: string) => `Dieser persönliche Link gilt bis ${at}.`,
    personal: "Dieser Link ist persönlich; bitte geben Sie ihn nicht weiter.",
  },
  en: {
    label: "Confidential preview",
    forWhom: (name: string, outlet: string) => `Confidential preview for ${name}, ${outlet}.`,
    embargo: (at: string) => `Embargo: ${at}. Please do not publish before this time.`,
    noDate: "Not yet released for publication: no date has been set. Please do not publish before the press release has appeared.",
    until: (at: string) => `This personal link works until ${at}.`,
    personal: "This link is personal; please do not pass it on.",
  },
} as const;

/**
 * The top of every preview page: whom the link was given to and the embargo, so a screenshot or
 * a forwarded link names its recipient. In the release's language.
 */
export function PreviewBanner({
  edition,
  recipient,
  embargoAt,
  expiresAt,
}: {
  edition: Edition;
  recipient: { name: string; outlet: string };
  embargoAt: Date | null;
  expiresAt: Date | null;
}) {
  const t = TEXT[edition];
  return (
    <div className="preview-banner" role="note" aria-label={t.label}>
      <div className="wrap">
        <p>
          <strong>{t.forWhom(recipient.name, recipient.outlet)}</strong>
        </p>
        <p>
          <strong>{embargoAt ? t.embargo(previewTime(embargoAt, edition)) : t.noDate}</strong>
        </p>
        <p>{expiresAt ? t.until(previewTime(expiresAt, edition)) : t.personal}</p>
      </div>
    </div>
  );
}
