import { VAT_RATE_PERCENT } from "@/lib/domains/prices/catalog";
import { COUNTRIES } from "@/lib/domains/companies/profile/newsroom-fields";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlinDay } from "@/lib/core/time/berlin-time";
import { formatQuantity, formatServicePeriod } from "./invoice-format";
import { lineNetCents, type InvoiceLine } from "./invoice-lines";
import type { InvoiceRecipient } from "./invoice-recipient";
import type { InvoiceIssuer } from "./issuer";
import { pdfText } from "./pdf-text";

// The page of a German invoice (§14 UStG): issuer and recipient with addresses, the issuer's VAT
// id or tax number, number, date, service period, lines with net amounts, net sum, VAT rate and
// amount, gross total; for a transfer also the due date and the account. Layout: a header band,
// an address window, the facts on the right, one table, totals, the payment note, a footer.

export interface InvoicePdfModel {
  number: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  customerNumber: number;
  issuedAt: Date;
  dueAt: Date | null;
  paidAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  voidedAt: Date | null;
  voidReason: string | null;
  replacesLegacyInvoiceNumber: string | null;
  recipient: InvoiceRecipient;
  lines: InvoiceLine[];
  netCents: number;
  taxCents: number;
  issuer: InvoiceIssuer;
}

const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 56;
const RIGHT = PAGE.width - 56;
const WIDTH = RIGHT - LEFT;
/** Content stops here; below is the footer. */
const CONTENT_BOTTOM = PAGE.height - 110;
const INK = "#1b1f24";
const MUTED = "#5b6470";
const LINE = "#dde1e6";
const WASH = "#f5f6f8";
const ACCENT = "#0b5cad";
const ALERT = "#b3261e";
// Pos. | description | quantity | unit net | line net
const COLUMNS = [
  { label: "Pos.", width: 30, align: "left" },
  { label: "Beschreibung", width: WIDTH - 30 - 55 - 90 - 90, align: "left" },
  { label: "Menge", width: 55, align: "right" },
  { label: "Einzelpreis netto", width: 90, align: "right" },
  { label: "Gesamt netto", width: 90, align: "right" },
] as const;

type Doc = PDFKit.PDFDocument;
type Align = "left" | "right" | "center";

function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { width?: number; align?: Align; size?: number; bold?: boolean; color?: string } = {},
): number {
  doc
    .font(opts.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(opts.size ?? 9)
    .fillColor(opts.color ?? INK);
  const width = opts.width ?? WIDTH;
  const clean = pdfText(text);
  doc.text(clean, x, y, { width, align: opts.align ?? "left", lineGap: 1.5 });
  return y + doc.heightOfString(clean, { width, lineGap: 1.5 });
}

const countryName = (code: string | null) => (code ? (COUNTRIES.find((c) => c.code === code)?.name ?? code) : null);

function header(doc: Doc, m: InvoicePdfModel): void {
  doc.rect(0, 0, PAGE.width, 84).fill(ACCENT);
  put(doc, m.issuer.name, LEFT, 30, { size: 17, bold: true, color: "#ffffff", width: WIDTH - 170 });
  put(doc, "RECHNUNG", RIGHT - 170, 28, { width: 170, align: "right", size: 10, bold: true, color: "#ffffff" });
  put(doc, m.number, RIGHT - 170, 44, { width: 170, align: "right", size: 10, color: "#ffffff" });
}

function voidWatermark(doc: Doc): void {
  doc.save();
  doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.font("Helvetica-Bold").fontSize(96).fillColor(ALERT).fillOpacity(0.08);
  doc.text("STORNIERT", 0, PAGE.height / 2 - 48, { width: PAGE.width, align: "center", lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

function addresses(doc: Doc, m: InvoicePdfModel): number {
  const sender = [m.issuer.name, ...m.issuer.addressLines].join(" · ");
  put(doc, sender, LEFT, 112, { width: 260, size: 7, color: MUTED });
  doc
    .moveTo(LEFT, 124)
    .lineTo(LEFT + 260, 124)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .stroke();
  const r = m.recipient;
  const cityLine = [r.postalCode, r.city].filter(Boolean).join(" ");
  const country = r.country && r.country !== "DE" ? countryName(r.country) : null;
  const block = [r.company, r.name, r.street, cityLine || null, country, r.street ? null : r.email].filter((l): l is string => !!l);
  let y = 132;
  block.forEach((line, i) => (y = put(doc, line, LEFT, y, { width: 260, size: 10, bold: i === 0 && !!r.company })));
  if (r.vatId) y = put(doc, `USt-IdNr.: ${r.vatId}`, LEFT, y + 4, { width: 260, size: 9, color: MUTED });

  const facts: [string, string][] = [
    ["Rechnungsnummer", m.number],
    ["Rechnungsdatum", formatBerlinDay(m.issuedAt)],
    ...(m.periodStart && m.periodEnd ? [["Leistungszeitraum", formatServicePeriod(m.periodStart, m.periodEnd)] as [string, string]] : []),
    ...(m.dueAt && m.status === "open" ? [["Fällig am", formatBerlinDay(m.dueAt)] as [string, string]] : []),
    ["Kundennummer", String(m.customerNumber)],
  ];
  let fy = 112;
  for (const [label, value] of facts) {
    put(doc, label, RIGHT - 215, fy, { width: 88, color: MUTED });
    fy = put(doc, value, RIGHT - 125, fy, { width: 125, align: "right", bold: label === "Rechnungsnummer" }) + 3;
  }
  return Math.max(y, fy) + 24;
}

function notices(doc: Doc, m: InvoicePdfModel, top: number): number {
  let y = top;
  const box = (text: string, color: string) => {
    const clean = pdfText(text);
    doc.font("Helvetica-Bold").fontSize(10);
    const h = doc.heightOfString(clean, { width: WIDTH - 20 }) + 14;
    doc.rect(LEFT, y, WIDTH, h).lineWidth(1.2).strokeColor(color).stroke();
    put(doc, text, LEFT + 10, y + 7, { width: WIDTH - 20, size: 10, bold: true, color });
    y += h + 12;
  };
  if (m.status === "void" && m.voidedAt)
    box(`STORNIERT am ${formatBerlinDay(m.voidedAt)} – Grund: ${m.voidReason ?? "ohne Angabe"}`, ALERT);
  if (m.issuer.isExample)
    box(
      "Beispielrechnung: Die Angaben zum Rechnungssteller sind Platzhalter dieser Installation (BILLING_ISSUER_* nicht gesetzt). Keine gültige Rechnung.",
      ALERT,
    );
  y = put(doc, `Rechnung ${m.number}`, LEFT, y, { size: 16, bold: true }) + 2;
  if (m.replacesLegacyInvoiceNumber)
    y = put(doc, `Diese Rechnung ersetzt die Rechnung ${m.replacesLegacyInvoiceNumber}.`, LEFT, y, { color: MUTED });
  return y + 14;
}

function tableHeader(doc: Doc, y: number): number {
  doc.rect(LEFT, y, WIDTH, 20).fill(WASH);
  let x = LEFT;
  for (const c of COLUMNS) {
    put(doc, c.label, x + 4, y + 6, { width: c.width - 8, align: c.align, size: 8, bold: true, color: MUTED });
    x += c.width;
  }
  return y + 24;
}

function table(doc: Doc, m: InvoicePdfModel, top: number, newPage: () => number): number {
  let y = tableHeader(doc, top);
  m.lines.forEach((line, i) => {
    const cells = [
      String(i + 1),
      line.description,
      formatQuantity(line.quantity),
      formatEuro(line.unitNetCents),
      formatEuro(lineNetCents(line)),
    ];
    doc.font("Helvetica").fontSize(9);
    const height = Math.max(...cells.map((c, j) => doc.heightOfString(pdfText(c), { width: COLUMNS[j]!.width - 8, lineGap: 1.5 }))) + 10;
    if (y + height > CONTENT_BOTTOM) y = tableHeader(doc, newPage());
    let x = LEFT;
    cells.forEach((cell, j) => {
      put(doc, cell, x + 4, y + 4, { width: COLUMNS[j]!.width - 8, align: COLUMNS[j]!.align });
      x += COLUMNS[j]!.width;
    });
    y += height;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(LINE).stroke();
  });
  return y + 10;
}

function totals(doc: Doc, m: InvoicePdfModel, top: number): number {
  const rows: [string, string, boolean][] = [
    ["Summe netto", formatEuro(m.netCents), false],
    [`zzgl. ${VAT_RATE_PERCENT} % USt.`, formatEuro(m.taxCents), false],
    ["Gesamtbetrag", formatEuro(m.netCents + m.taxCents), true],
  ];
  let y = top;
  for (const [label, value, strong] of rows) {
    if (strong) {
      doc
        .moveTo(RIGHT - 230, y)
        .lineTo(RIGHT, y)
        .lineWidth(1)
        .strokeColor(INK)
        .stroke();
      y += 5;
    }
    put(doc, label, RIGHT - 230, y, { width: 130, size: strong ? 11 : 9, bold: strong });
    y = put(doc, value, RIGHT - 100, y, { width: 100, align: "right", size: strong ? 11 : 9, bold: strong }) + 4;
  }
  return y + 18;
}

function payment(doc: Doc, m: InvoicePdfModel, top: number): number {
  const gross = formatEuro(m.netCents + m.taxCents);
  const bank = m.issuer.bank;
  let y = top;
  if (m.status === "paid")
    return put(
      doc,
      `Diese Rechnung ist bezahlt${m.paidAt ? ` (Zahlungseingang am ${formatBerlinDay(m.paidAt)})` : ""}. Vielen Dank.`,
      LEFT,
      y,
    );
  if (m.status === "void") return put(doc, "Diese Rechnung ist storniert und nicht zu bezahlen.", LEFT, y, { bold: true, color: ALERT });
  const due = m.dueAt ? ` bis zum ${formatBerlinDay(m.dueAt)}` : "";
  y =
    put(
      doc,
      `Bitte überweisen Sie den Gesamtbetrag von ${gross}${due} ohne Abzug auf das folgende Konto. Geben Sie als Verwendungszweck bitte die Rechnungsnummer ${m.number} an.`,
      LEFT,
      y,
    ) + 8;
  if (!bank) return y;
  const rows: [string, string][] = [
    ["Kontoinhaber", m.issuer.name],
    ["IBAN", bank.iban],
    ...(bank.bic ? [["BIC", bank.bic] as [string, string]] : []),
    ...(bank.name ? [["Bank", bank.name] as [string, string]] : []),
    ["Verwendungszweck", m.number],
  ];
  for (const [label, value] of rows) {
    put(doc, label, LEFT, y, { width: 110, color: MUTED });
    y = put(doc, value, LEFT + 110, y, { width: WIDTH - 110, bold: label === "IBAN" || label === "Verwendungszweck" }) + 2;
  }
  return y;
}

function footer(doc: Doc, m: InvoicePdfModel, page: number, pages: number): void {
  const i = m.issuer;
  const top = PAGE.height - 78;
  doc.moveTo(LEFT, top).lineTo(RIGHT, top).lineWidth(0.5).strokeColor(LINE).stroke();
  const third = WIDTH / 3;
  const tax = [i.vatId ? `USt-IdNr.: ${i.vatId}` : null, i.taxNumber ? `Steuernummer: ${i.taxNumber}` : null, i.email].filter(
    (l): l is string => !!l,
  );
  const bank = i.bank
    ? [i.bank.name, `IBAN: ${i.bank.iban}`, i.bank.bic ? `BIC: ${i.bank.bic}` : null].filter((l): l is string => !!l)
    : [];
  [[i.name, ...i.addressLines], tax, bank].forEach((lines, col) =>
    put(doc, lines.join("\n"), LEFT + col * third, top + 8, { width: third - 8, size: 7, color: MUTED }),
  );
  put(doc, `Seite ${page} von ${pages}`, LEFT, PAGE.height - 30, { width: WIDTH, align: "right", size: 7, color: MUTED });
}

/** Draws the whole invoice onto a document created with `bufferPages: true`. */
export function drawInvoice(doc: Doc, m: InvoicePdfModel): void {
  const newPage = () => {
    doc.addPage();
    if (m.status === "void") voidWatermark(doc);
    put(doc, `Rechnung ${m.number} – Fortsetzung`, LEFT, 40, { size: 9, bold: true, color: MUTED });
    return 64;
  };
  if (m.status === "void") voidWatermark(doc);
  header(doc, m);
  let y = addresses(doc, m);
  y = notices(doc, m, y);
  y = table(doc, m, y, newPage);
  if (y + 70 > CONTENT_BOTTOM) y = newPage();
  y = totals(doc, m, y);
  if (y + 110 > CONTENT_BOTTOM) y = newPage();
  payment(doc, m, y);
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    footer(doc, m, p - range.start + 1, range.count);
  }
}
