import { cache } from "react";
import { db } from "@/lib/core/db/client";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { can, type Permission, type StaffUser } from "@/lib/domains/accounts/permissions";
import { FAILED_MAIL_DAYS, failedMailWhere } from "@/lib/domains/mail/failed-mail";
import { withheldImagesWhere } from "@/lib/domains/images/review/list-withheld-images";
import { OPEN_STATUSES } from "@/lib/domains/legal-terms/request-status";
import { checkNeededWhere } from "@/lib/domains/releases/manual-review";
import { countOverdueWork } from "@/lib/domains/review/overdue-work";

// What waits for the editors (the admin start page, and the same counts as badges in the admin
// navigation): each count is read with the very condition of the list it links to, and only
// for someone who may open that list.

export type WaitingKind = "review" | "images" | "overdue" | "legal" | "contact" | "failedMail";

export interface WaitingWork {
  kind: WaitingKind;
  count: number;
  label: string;
  /** What the count means, in a sentence. */
  hint: string;
  href: string;
  /** The navigation entry whose badge shows this count, if any. */
  navHref?: string;
}

interface Source {
  permission: Permission;
  label: string;
  hint: (count: number) => string;
  href: string;
  navHref?: string;
  count: () => Promise<number>;
}

const SOURCES: Record<WaitingKind, Source> = {
  review: {
    permission: ADMIN_SCREENS.review.permission,
    label: "Prüfung erforderlich",
    hint: (n) => (n === 1 ? "Eine Pressemitteilung wartet auf Ihre Entscheidung." : "Pressemitteilungen warten auf Ihre Entscheidung."),
    href: ADMIN_SCREENS.review.href,
    navHref: ADMIN_SCREENS.review.href,
    count: () => db.pressRelease.count({ where: checkNeededWhere }),
  },
  images: {
    permission: ADMIN_SCREENS.images.permission,
    label: "Zurückgehaltene Bilder",
    hint: () => "Die Vorprüfung hat sie angehalten; sie erscheinen erst nach Ihrer Freigabe.",
    href: ADMIN_SCREENS.images.href,
    navHref: ADMIN_SCREENS.images.href,
    count: () => db.pressReleaseImage.count({ where: withheldImagesWhere }),
  },
  overdue: {
    permission: ADMIN_SCREENS.releases.permission,
    label: "Hängende Pressemitteilungen",
    hint: () => "Warten zu lange auf ihre automatische Prüfung oder auf ihre geplante Veröffentlichung.",
    href: `${ADMIN_SCREENS.releases.href}?status=overdue`,
    navHref: ADMIN_SCREENS.releases.href,
    count: async () => {
      const { reviews, scheduled } = await countOverdueWork();
      return reviews + scheduled;
    },
  },
  legal: {
    permission: ADMIN_SCREENS.legal.permission,
    label: "Offene rechtliche Anliegen",
    hint: () => "Eingegangen, in Prüfung oder entschieden und noch nicht umgesetzt.",
    href: `${ADMIN_SCREENS.legal.href}?status=open`,
    navHref: ADMIN_SCREENS.legal.href,
    count: () => db.legalRequest.count({ where: { status: { in: [...OPEN_STATUSES] } } }),
  },
  contact: {
    permission: ADMIN_SCREENS.contact.permission,
    label: "Unbeantwortete Kontaktanfragen",
    hint: () => "Nachrichten über das Kontaktformular, die noch niemand beantwortet oder geschlossen hat.",
    href: `${ADMIN_SCREENS.contact.href}?status=open`,
    navHref: ADMIN_SCREENS.contact.href,
    count: () => db.contactMessage.count({ where: { status: "open" } }),
  },
  failedMail: {
    permission: ADMIN_SCREENS.system.permission,
    label: "Nicht zugestellte E-Mails",
    hint: () => `E-Mails der letzten ${FAILED_MAIL_DAYS} Tage, die der Versand aufgegeben hat.`,
    href: `${ADMIN_SCREENS.system.href}#failed-mail-heading`,
    navHref: ADMIN_SCREENS.system.href,
    count: () => db.mailOutbox.count({ where: failedMailWhere() }),
  },
};

/**
 * Everything this person may act on, with its count (zero included: the start page says so).
 * Read once per request: the admin layout's badges and the start page ask with the same session user.
 */
export const waitingWorkFor = cache(async (user: StaffUser): Promise<WaitingWork[]> => {
  const kinds = (Object.keys(SOURCES) as WaitingKind[]).filter((kind) => can(user, SOURCES[kind].permission));
  const counts = await Promise.all(kinds.map((kind) => SOURCES[kind].count()));
  return kinds.map((kind, i) => {
    const { label, hint, href, navHref } = SOURCES[kind];
    return { kind, count: counts[i]!, label, hint: hint(counts[i]!), href, navHref };
  });
});

/** The navigation's badges: per screen, the sum of what waits behind it. */
export function navBadgesOf(work: WaitingWork[]): Record<string, number> {
  const badges: Record<string, number> = {};
  for (const w of work) if (w.navHref && w.count) badges[w.navHref] = (badges[w.navHref] ?? 0) + w.count;
  return badges;
}
