import type { Metadata } from "next";
import { ReviewQueueItem } from "@/components/admin/review-queue-item";
import { PageHeader } from "@/components/ui/page-header";
import { loadReviewQueue } from "@/lib/adapters/admin/review-queue";
import { requireAdmin } from "@/lib/domains/auth/session";
import { approve, giveBack } from "./actions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Prüfung erforderlich" };

export default async function ReviewQueuePage() {
  await requireAdmin(ADMIN_SCREENS.review.permission);
  const queue = await loadReviewQueue();
  return (
    <>
      <PageHeader
        title="Prüfung erforderlich"
        description="Pressemitteilungen, über die eine Person entscheidet: nach der letzten erlaubten roten Prüfung, aus der manuellen Warteschlange oder weil sie dauerhaft von Hand geprüft werden."
      />
      {queue.length ? (
        queue.map((item) => <ReviewQueueItem key={item.id} item={item} approve={approve} giveBack={giveBack} />)
      ) : (
        <p className="empty">Zurzeit wartet keine Pressemitteilung auf eine Entscheidung.</p>
      )}
    </>
  );
}
