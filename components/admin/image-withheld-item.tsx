import Link from "next/link";
import { ImageFacts, ImageStatusBadge, ImageThumb } from "@/components/dashboard/image-labels";
import { Table } from "@/components/ui/table";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { WithheldImage } from "@/lib/domains/images/review/list-withheld-images";
import { ImageDecision } from "./image-decision";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

const SCORE_LABELS: Record<string, string> = {
  document: "Dokument",
  screenshot: "Bildschirmfoto",
  foreign_logo: "Fremdes Logo",
  stock_watermark: "Agentur-Wasserzeichen",
  watermark: "Wasserzeichen",
  nudity: "Nacktheit",
  violence: "Gewalt",
  people: "Personen",
  ai_generated: "KI-erzeugt",
  indicator: "Indikator",
};

/** Share of 1 as a German percentage, e.g. 0.853 → "85,3 %". */
const percent = (score: number) => `${(score * 100).toLocaleString("de-DE", { maximumFractionDigits: 1 })} %`;

/** One image the precheck held back: preview, where it belongs, scores and reasons, the decision. */
export function ImageWithheldItem({ image, decide }: { image: WithheldImage; decide: Action }) {
  const scores = Object.entries(image.scores).sort((a, b) => b[1] - a[1]);
  return (
    <li className="panel image-item image-review-item" data-image-id={image.id}>
      <ImageThumb src={`/admin/releases/${image.releaseId}/images/${image.id}/preview`} image={image} />
      <div className="image-item-body">
        <h2 id={`withheld-${image.id}`} className="image-item-title">
          {image.releaseTitle}
        </h2>
        <p className="meta">
          {image.companyName} · hochgeladen am {formatBerlin(new Date(image.createdAt))} · <ImageStatusBadge status={image.status} /> ·{" "}
          <Link href={`/admin/releases/${image.releaseId}/images`}>Alle Bilder und Nachweise dieser Pressemitteilung</Link>
        </p>
        <ImageFacts image={image} />
        {scores.length ? (
          <Table caption="Werte der Vorprüfung" className="image-scores">
            <thead>
              <tr>
                <th scope="col">Merkmal</th>
                <th scope="col">Wert</th>
              </tr>
            </thead>
            <tbody>
              {scores.map(([key, value]) => (
                <tr key={key}>
                  <td>
                    {SCORE_LABELS[key] ?? key} <span className="meta">({key})</span>
                  </td>
                  <td>{percent(value)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="meta">Keine Werte der Vorprüfung gespeichert.</p>
        )}
        <ImageDecision imageId={image.id} action={decide} />
      </div>
    </li>
  );
}
