import { formatBerlin, formatBerlinDay } from "@/lib/core/time/berlin-time";
import type { DeadAddress, SubmitterReport } from "./submitter-report";

// The submitter report as text to copy and as CSV to download (spec 4.3). Nothing is sent.

const SUPPRESSION_LABELS: Record<string, string> = { hard_bounce: "harter Bounce", complaint: "Beschwerde", manual: "manuell gesperrt" };

export function suppressionLabel(a: Pick<DeadAddress, "state">): string {
  return a.state ? (SUPPRESSION_LABELS[a.state] ?? a.state) : "harter Bounce (noch nicht gesperrt)";
}

function usedBy(a: DeadAddress): string {
  return [
    ...a.authors.map((u) => `Autor${u.name ? ` ${u.name}` : ""} (${u.releases} ${u.releases === 1 ? "Meldung" : "Meldungen"})`),
    ...a.companies.map((c) => `Newsroom „${c.name}“`),
  ].join("; ");
}

/** A plain-text summary an editor pastes into a note or a mail of their own. */
export function submitterCopyText(report: SubmitterReport, now = new Date()): string {
  const lines = [`Einsender-Bericht, Stand ${formatBerlin(now)}`, ""];
  lines.push(`Unzustellbare Adressen (${report.deadAddresses.length}):`);
  if (!report.deadAddresses.length) lines.push("- keine");
  for (const a of report.deadAddresses) {
    const since = a.suppressedAt ?? a.lastBounceAt;
    lines.push(
      `- ${a.email} – ${usedBy(a)} – ${suppressionLabel(a)}${since ? ` seit ${formatBerlinDay(since)}` : ""}${a.lastDiagnostic ? `: ${oneLine(a.lastDiagnostic)}` : ""}`,
    );
  }
  lines.push(
    "",
    `Automatisch abgelehnte Meldungen vom ${formatBerlinDay(report.range.from)} bis ${formatBerlinDay(new Date(report.range.to.getTime() - 1))} (${report.autoRejections.length}):`,
  );
  if (!report.autoRejections.length) lines.push("- keine");
  for (const r of report.autoRejections) {
    lines.push(
      `- ${formatBerlinDay(r.rejectedAt)} „${oneLine(r.title)}“ (Nr. ${r.releaseId}) – ${r.company.name}${r.author ? ` – ${r.author.email}` : ""} – Grund: ${oneLine(r.reason ?? "nicht angegeben")}`,
    );
  }
  return lines.join("\n");
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * One CSV cell: quoted, quotes doubled. A cell a spreadsheet would run as a formula (it starts
 * with = + - @, a tab or a carriage return) gets a leading apostrophe, so it stays text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** Semicolon-separated with a byte-order mark: what a spreadsheet in German opens as columns. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return "\uFEFF" + [header, ...rows].map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}

export const SUBMITTER_CSV_PARTS = ["addresses", "rejections"] as const;
export type SubmitterCsvPart = (typeof SUBMITTER_CSV_PARTS)[number];

export function submitterCsv(report: SubmitterReport, part: SubmitterCsvPart): string {
  if (part === "addresses") {
    return toCsv(
      ["E-Mail-Adresse", "Verwendet von", "Status", "gesperrt seit", "harte Bounces", "letzter Bounce", "Diagnose"],
      report.deadAddresses.map((a) => [
        a.email,
        usedBy(a),
        suppressionLabel(a),
        a.suppressedAt ? formatBerlin(a.suppressedAt) : "",
        a.hardBounces,
        a.lastBounceAt ? formatBerlin(a.lastBounceAt) : "",
        a.lastDiagnostic ?? a.suppressionReason ?? "",
      ]),
    );
  }
  return toCsv(
    ["abgelehnt am", "Meldung", "Titel", "Newsroom", "Autor", "E-Mail des Autors", "Grund"],
    report.autoRejections.map((r) => [
      formatBerlin(r.rejectedAt),
      r.releaseId,
      r.title,
      r.company.name,
      r.author?.name ?? "",
      r.author?.email ?? "",
      r.reason ?? "",
    ]),
  );
}
