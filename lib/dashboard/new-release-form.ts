import { newsroomsOfUser } from "@/lib/companies/newsrooms";
import { documentsToAcceptBeforeSubmit } from "@/lib/legal/documents";
import { activeCategories } from "./newsrooms";
import { EMPTY_RELEASE_FORM, type ReleaseFormValues } from "./release-rules";

/** What the "new release" form starts with: the user's newsrooms, their categories, sensible defaults. */
export async function loadNewReleaseForm(userId: number) {
  const newsrooms = await newsroomsOfUser(userId);
  const portals = [...new Set(newsrooms.flatMap((n) => n.portals))];
  const first = newsrooms[0];
  const form: ReleaseFormValues = { ...EMPTY_RELEASE_FORM, companyId: first ? String(first.id) : "", portal: first?.portals[0] ?? "" };
  const [categories, documentsToAccept] = await Promise.all([activeCategories(portals), documentsToAcceptBeforeSubmit(userId)]);
  return { newsrooms, categories, form, documentsToAccept };
}
