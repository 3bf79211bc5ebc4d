import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { imagesAwaitingOwnerConfirmation } from "@/lib/domains/images/owner-confirmations";

/** On the dashboard: images our team uploaded wait for this owner's confirmation of the rights. */
export async function ImageConfirmationNotice({ userId }: { userId: number }) {
  const waiting = (await imagesAwaitingOwnerConfirmation(userId)).length;
  if (!waiting) return null;
  return (
    <Notice tone="warning" className="image-confirmation-notice">
      <strong>{waiting === 1 ? "Ein Bild wartet" : `${waiting} Bilder warten`} auf Ihre Bestätigung der Bildrechte.</strong> Erst danach
      erscheint {waiting === 1 ? "es" : "sie"} mit der Pressemitteilung.{" "}
      <Link href="/dashboard/images/confirm">Bildrechte jetzt bestätigen</Link>
    </Notice>
  );
}
