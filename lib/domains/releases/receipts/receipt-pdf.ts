import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";
import { hubUrl } from "@/lib/domains/sites";
import { payloadOfIssued } from "./envelope";
import { receiptStatements, receiptTime } from "./receipt-statements";

// The receipt as a PDF for people and files: its statements printed readably (German), and the
// signed JSON twice: printed in full, and attached as the exact file (an embedded file, PDF 1.7
// 7.11.4), so the PDF itself can be handed on and verified. The receipt names no title: the PDF
// prints the release's current title, marked as not part of the receipt.

const LEFT = 56;
const WIDTH = 595.28 - 2 * LEFT;
const BOTTOM = 841.89 - 56;
const INK = "#1b1f24";
const MUTED = "#5b6470";
const ACCENT = "#0b5cad";
/** Characters per printed line of the JSON (Courier 7 pt: 4.2 pt each; the JSON is ASCII). */
const JSON_LINE = 110;

export const receiptFileName = (releaseId: number, sequence: number, ext: "json" | "pdf") => `receipt-${releaseId}-${sequence}.${ext}`;

// DejaVu Sans (the font of the og images' credit bar, traced into every build) prints names and
// titles in Latin, Greek and Cyrillic scripts; the built-in fonts print WinAnsi only.
const FONT_RELATIVE = join("node_modules", "dejavu-fonts-ttf", "ttf", "DejaVuSans.ttf");
let fontPath: string | undefined;

function textFont(): string {
  if (fontPath) return fontPath;
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, FONT_RELATIVE);
    if (existsSync(candidate)) return (fontPath = candidate);
    if (dirname(dir) === dir) throw new Error(`receipt font not found: ${FONT_RELATIVE}`);
  }
}

type Doc = PDFKit.PDFDocument;

/**
 * Free text with a break opportunity (a zero-width space, which the font draws as nothing) after
 * every 40 characters without one: pdfkit wraps an unbroken word by measuring it anew for every
 * character, which for a title of one 20,000-character word takes seconds.
 */
const wrappable = (text: string) => text.replace(/[^\s\u200B]{40}/gu, "$&\u200B");

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function paragraph(doc: Doc, text: string, opts: { size: number; color?: string; gap?: number }): void {
  doc
    .font("text")
    .fontSize(opts.size)
    .fillColor(opts.color ?? INK)
    .text(text, LEFT, doc.y + (opts.gap ?? 0), { width: WIDTH, lineGap: 1.5 });
}

function statement(doc: Doc, label: string, lines: string[]): void {
  const value = lines.join("\n");
  doc.font("text").fontSize(10);
  ensureRoom(doc, doc.heightOfString(value, { width: WIDTH, lineGap: 1.5 }) + 18);
  paragraph(doc, label, { size: 8, color: MUTED });
  paragraph(doc, value, { size: 10 });
  doc.moveDown(0.5);
}

/** The PDF of a receipt, from the receipt exactly as it was issued, with the release's title as it is now. */
export async function renderReceiptPdf(
  receipt: {
    jws: string;
    kid: string;
    pressReleaseId: number;
    sequence: number;
  },
  opts: { currentTitle?: string } = {},
): Promise<Uint8Array> {
  const payload = payloadOfIssued(receipt.jws);
  const jsonName = receiptFileName(receipt.pressReleaseId, receipt.sequence, "json");
  const issuedAt = new Date(payload.issued_at);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 56, bottom: 40, left: LEFT, right: LEFT },
    lang: "de-DE",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: `Veröffentlichungsnachweis Nr. ${payload.receipt_id}`,
      Author: "Pressdesk",
      Subject: `Pressemitteilung Nr. ${payload.release.id}`,
      CreationDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.registerFont("text", textFont());

  doc.file(Buffer.from(receipt.jws, "utf8"), {
    name: jsonName,
    type: "application/json",
    description: "Signierter Veröffentlichungsnachweis (JWS, JSON-Serialisierung)",
    creationDate: issuedAt,
  });
  doc.y = 56;
  paragraph(doc, "Veröffentlichungsnachweis", { size: 18, color: ACCENT });
  paragraph(doc, `Pressdesk, ausgestellt ${receiptTime(payload.issued_at, "de")}, signiert mit dem Schlüssel ${receipt.kid}`, {
    size: 10,
    color: MUTED,
  });
  doc.moveDown(1.2);
  const currentTitle = opts.currentTitle === undefined ? {} : { currentTitle: wrappable(opts.currentTitle) };
  for (const s of receiptStatements(payload, "de", currentTitle)) statement(doc, s.label, s.lines);

  doc.moveDown(0.8);
  ensureRoom(doc, 80);
  paragraph(doc, "Der signierte Nachweis", { size: 12 });
  paragraph(
    doc,
    `Verbindlich ist allein dieser signierte Text. Er liegt diesem PDF als Datei „${jsonName}“ bei und ist hier vollständig abgedruckt. ` +
      `Prüfen können Sie ihn unter ${hubUrl("/nachweis-pruefen")} oder ohne uns mit den öffentlichen Schlüsseln unter ` +
      `${hubUrl("/.well-known/receipt-keys.json")}.`,
    { size: 9, gap: 4 },
  );
  doc.moveDown(0.6);
  doc.font("Courier").fontSize(7).fillColor(INK);
  for (let i = 0; i < receipt.jws.length; i += JSON_LINE) {
    ensureRoom(doc, 10);
    doc.text(receipt.jws.slice(i, i + JSON_LINE), LEFT, doc.y, { width: WIDTH, lineBreak: false });
  }
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
