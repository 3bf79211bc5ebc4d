import type { Edition } from "@/lib/domains/sites";

const LABELS = {
  de: {
    heading: "Teilen",
    linkedin: "LinkedIn",
    x: "X",
    email: "E-Mail",
    copy_link: "Link kopieren",
    link: "Link zu dieser Meldung",
    copied: "Link kopiert",
    failed: "Teilen ist gerade nicht möglich.",
  },
  en: {
    heading: "Share",
    linkedin: "LinkedIn",
    x: "X",
    email: "E-mail",
    copy_link: "Copy link",
    link: "Link to this release",
    copied: "Link copied",
    failed: "Sharing is not possible right now.",
  },
} as const;
const CHANNELS = ["linkedin", "x", "email"] as const;

/**
 * Share buttons as forms: the server logs the share and sends the reader on (303), so they work
 * without JavaScript. The page's one script (public/assets/reader-1.js) takes them over where it
 * runs, "copy link" appears (CSS hides it until then) and copies the address shown beside it.
 */
export function ShareButtons({ slug, language, url }: { slug: string; language: Edition; url: string }) {
  const t = LABELS[language];
  const action = `/press-release/${encodeURIComponent(slug)}/share`;
  return (
    <section aria-labelledby="share-heading" className="share" data-share data-copied={t.copied} data-failed={t.failed}>
      <h2 id="share-heading">{t.heading}</h2>
      <div className="share-row">
        {CHANNELS.map((channel) => (
          <form key={channel} method="post" action={action} target={channel === "email" ? undefined : "_blank"}>
            <input type="hidden" name="channel" value={channel} />
            <input type="hidden" name="language" value={language} />
            <button type="submit" className="share-button">
              {t[channel]}
            </button>
          </form>
        ))}
        <form method="post" action={action} className="share-copy">
          <input type="hidden" name="channel" value="copy_link" />
          <input type="hidden" name="language" value={language} />
          <button type="submit" className="share-button">
            {t.copy_link}
          </button>
        </form>
      </div>
      <p className="share-link">
        <label htmlFor="share-url">{t.link}</label>
        <input id="share-url" type="url" readOnly value={url} />
      </p>
      <p role="status" className="meta" data-share-status />
    </section>
  );
}
