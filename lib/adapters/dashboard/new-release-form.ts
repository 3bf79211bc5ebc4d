import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { documentsToAcceptBeforeSubmit } from "@/lib/domains/legal-terms/documents";
import { activeCategories, contactPresets, type Newsroom } from "./newsrooms";
import { EMPTY_RELEASE_FORM, type ReleaseFormValues } from "./release-rules";

/**
 * What the "new release" form starts with: the user's newsrooms with their contact presets (the
 * form fills them in again when the newsroom changes), their categories, sensible defaults;
 * `preferredNewsroomId` (any number, ignored unless it is one of the user's) is preselected.
 */
export async function loadNewReleaseForm(userId: number, preferredNewsroomId?: number) {
  const own = await newsroomsOfUser(userId);
  const portals = [...new Set(own.flatMap((n) => n.portals))];
  const [categories, documentsToAccept, presets] = await Promise.all([
    activeCategories(portals),
    documentsToAcceptBeforeSubmit(userId),
    contactPresets(own.map((n) => n.id)),
  ]);
  const newsrooms: Newsroom[] = own.map((n) => ({ id: n.id, name: n.name, portals: n.portals, contact: presets.get(n.id) ?? null }));
  // "Write a release" from a newsroom's page opens the form for that newsroom.
  const first = newsrooms.find((n) => n.id === preferredNewsroomId) ?? newsrooms[0];
  const form: ReleaseFormValues = {
    ...EMPTY_RELEASE_FORM,
    companyId: first ? String(first.id) : "",
    portal: first?.portals[0] ?? "",
    contactName: first?.contact?.name ?? "",
    contactEmail: first?.contact?.email ?? "",
    contactPhone: first?.contact?.phone ?? "",
  };
  return { newsrooms, categories, form, documentsToAccept };
}
