import type { ReleaseStatus } from "@/lib/generated/prisma/enums";

/** The tabs of the customer's release list: all, then the statuses in the order a release passes them. */
export const RELEASE_LIST_VIEWS: { key: string; label: string; status?: ReleaseStatus; always?: boolean }[] = [
  { key: "all", label: "Alle", always: true },
  { key: "draft", label: "Entwürfe", status: "draft", always: true },
  { key: "in_review", label: "In Prüfung", status: "in_review", always: true },
  { key: "scheduled", label: "Geplant", status: "scheduled", always: true },
  { key: "published", label: "Veröffentlicht", status: "published", always: true },
  { key: "rejected", label: "Abgelehnt", status: "rejected" },
  { key: "archived", label: "Archiviert", status: "archived" },
  { key: "depublished", label: "Depubliziert", status: "depublished" },
];

/** The view a `?status=` names; anything else is the whole list. */
export function releaseListView(raw: string | undefined) {
  return RELEASE_LIST_VIEWS.find((v) => v.key === raw) ?? RELEASE_LIST_VIEWS[0]!;
}
