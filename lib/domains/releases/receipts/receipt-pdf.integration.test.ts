import { inflateSync } from "node:zlib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { KI } from "../history";
import { publishRelease } from "../publish-release";
import { receiptFileName, renderReceiptPdf } from "./receipt-pdf";
import { verifyReceipt } from "./verify-receipt";

// The PDF is for people and files: it prints what the receipt states and carries the signed JSON
// as the exact file, so a PDF handed on still verifies.

/** The contents of the PDF's embedded file streams (pdf.js lists their names, not their bytes). */
function embeddedFiles(pdf: Uint8Array): Buffer[] {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString("latin1");
  const files: Buffer[] = [];
  for (let at = text.indexOf("/Type /EmbeddedFile\n"); at !== -1; at = text.indexOf("/Type /EmbeddedFile\n", at + 1)) {
    const start = text.indexOf("stream\n", at) + "stream\n".length;
    const length = Number(/\/Length (\d+)/.exec(text.slice(at, start))![1]);
    files.push(inflateSync(bytes.subarray(start, start + length)));
  }
  return files;
}

describe("the receipt as a PDF", () => {
  it("prints the statements and the signed JSON, and carries the JSON byte for byte as an attached file", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { data: { title: "Łódź und München: neues Werk eröffnet" } });
    await publishRelease({ releaseId: release.id, actor: KI });
    const receipt = await db.publicationReceipt.findFirstOrThrow({ where: { pressReleaseId: release.id } });

    const bytes = await renderReceiptPdf(receipt, { currentTitle: release.title });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("Veröffentlichungsnachweis");
    // The receipt names no title: the PDF prints the current one, marked as not signed.
    expect(text).toContain(`Nr. ${release.id}`);
    expect(text).toContain("Titel (aktueller Titel, nicht Teil des Nachweises)");
    expect(text).toContain("Łódź und München: neues Werk eröffnet");
    expect(text.replace(/\s+/g, "")).not.toContain(`${release.id}:Łódź`);
    expect(text).toContain(release.contentHash);
    expect(text).toContain("bestanden (grün)");
    // Long values wrap at a hyphen.
    expect(text.replace(/\s+/g, "")).toContain(receipt.kid);
    // The printed JSON, its lines joined again, is the receipt.
    const printed = text.slice(text.indexOf('{"protected"')).replace(/\s+/g, "");
    expect(printed).toBe(receipt.jws);

    const attachments = (await pdf.getAttachments()) as Map<string, { filename: string }>;
    expect([...attachments.values()].map((a) => a.filename)).toEqual([receiptFileName(release.id, 1, "json")]);
    const files = embeddedFiles(bytes);
    expect(files).toHaveLength(1);
    const attached = files[0]!.toString("utf8");
    expect(attached).toBe(receipt.jws);
    expect(await verifyReceipt(attached)).toMatchObject({ valid: true });
  });
});
