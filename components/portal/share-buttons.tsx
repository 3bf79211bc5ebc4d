"use client";

import { useState } from "react";

const LABELS = {
  de: {
    heading: "Teilen",
    linkedin: "LinkedIn",
    x: "X",
    email: "E-Mail",
    copy_link: "Link kopieren",
    copied: "Link kopiert",
    failed: "Teilen ist gerade nicht möglich.",
  },
  en: {
    heading: "Share",
    linkedin: "LinkedIn",
    x: "X",
    email: "E-mail",
    copy_link: "Copy link",
    copied: "Link copied",
    failed: "Sharing is not possible right now.",
  },
} as const;
const CHANNELS = ["linkedin", "x", "email", "copy_link"] as const;

/** Share buttons: the server logs the share and answers where to send the reader. */
export function ShareButtons({ slug, language }: { slug: string; language: "de" | "en" }) {
  const t = LABELS[language];
  const [status, setStatus] = useState<string | null>(null);
  async function share(channel: (typeof CHANNELS)[number]) {
    const res = await fetch(`/press-release/${encodeURIComponent(slug)}/share`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ channel, language }),
    }).catch(() => null);
    if (!res?.ok) return setStatus(t.failed);
    const { target } = (await res.json()) as { target: string };
    if (channel === "copy_link") {
      await navigator.clipboard?.writeText(target).catch(() => {});
      setStatus(t.copied);
    } else if (channel === "email") {
      window.location.assign(target);
    } else {
      window.open(target, "_blank", "noopener");
    }
  }
  return (
    <section aria-label={t.heading} className="share">
      <h2>{t.heading}</h2>
      <div className="button-row">
        {CHANNELS.map((c) => (
          <button key={c} type="button" className="button secondary" onClick={() => void share(c)}>
            {t[c]}
          </button>
        ))}
      </div>
      <p role="status" className="meta">
        {status}
      </p>
    </section>
  );
}
