import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_XMP_NESTING, readProvenance, xmlNestingDepth } from "./provenance";

const NS = `xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"`;
const source = (code: string) => `http://cv.iptc.org/newscodes/digitalsourcetype/${code}`;

/** An XMP packet; `inner` goes into the rdf:Description element. */
function xmp(inner: string, attributes = ""): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ${NS} ${attributes}>${inner}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

function image(pipe: (s: Sharp) => Sharp, format: "jpeg" | "png" | "webp" | "avif" = "jpeg"): Promise<Buffer> {
  return pipe(sharp({ create: { width: 400, height: 300, channels: 3, background: "#5577aa" } }).toFormat(format)).toBuffer();
}

/** A JPEG with an IPTC-IIM block (APP13, Photoshop resource 0x0404), as news agencies write it. */
async function jpegWithIptc(records: [number, string][]): Promise<Buffer> {
  const iim = Buffer.concat(
    records.map(([dataset, value]) => {
      const bytes = Buffer.from(value, "utf8");
      return Buffer.concat([Buffer.from([0x1c, 2, dataset, bytes.length >> 8, bytes.length & 0xff]), bytes]);
    }),
  );
  const resource = Buffer.concat([
    Buffer.from("8BIM"),
    Buffer.from([0x04, 0x04, 0, 0]),
    Buffer.alloc(4),
    iim,
    Buffer.alloc(iim.length % 2),
  ]);
  resource.writeUInt32BE(iim.length, 8);
  const payload = Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource]);
  const marker = Buffer.from([0xff, 0xed, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  const jpeg = await image((s) => s);
  return Buffer.concat([jpeg.subarray(0, 2), marker, payload, jpeg.subarray(2)]);
}

describe("readProvenance", () => {
  it("finds an AI-generated image by its IPTC digital source type in XMP, with creator, rights and credit", async () => {
    const bytes = await image((s) =>
      s.withXmp(
        xmp(
          `<Iptc4xmpExt:DigitalSourceType>${source("trainedAlgorithmicMedia")}</Iptc4xmpExt:DigitalSourceType><dc:creator><rdf:Seq><rdf:li>  Jane Doe </rdf:li></rdf:Seq></dc:creator><dc:rights><rdf:Alt><rdf:li xml:lang="x-default">© 2025 Example GmbH</rdf:li></rdf:Alt></dc:rights>`,
          `photoshop:Credit="Example Agency"`,
        ),
      ),
    );
    expect(await readProvenance(bytes)).toEqual({
      finding: "ai_generated",
      details: { sourceType: "trainedAlgorithmicMedia", creator: "Jane Doe", copyright: "© 2025 Example GmbH", credit: "Example Agency" },
    });
  });

  it.each([
    ["compositeWithTrainedAlgorithmicMedia", "ai_generated"],
    ["algorithmicMedia", "ai_generated"],
    ["algorithmicallyEnhanced", "algorithmically_enhanced"],
    ["compositeSynthetic", "edited"],
    ["digitalArt", "edited"],
    ["digitalCapture", "none"],
  ] as const)("maps the source type %s to %s", async (code, finding) => {
    const bytes = await image((s) => s.withXmp(xmp("", `Iptc4xmpExt:DigitalSourceType="${source(code)}"`)));
    expect(await readProvenance(bytes)).toEqual({ finding, details: { sourceType: code } });
  });

  it.each(["png", "webp", "avif"] as const)("reads XMP and EXIF from %s as well", async (format) => {
    const bytes = await image(
      (s) =>
        s
          .withXmp(xmp("", `Iptc4xmpExt:DigitalSourceType="${source("trainedAlgorithmicMedia")}"`))
          .withExif({ IFD0: { Artist: "Jane Doe" } }),
      format,
    );
    expect(await readProvenance(bytes)).toEqual({
      finding: "ai_generated",
      details: { sourceType: "trainedAlgorithmicMedia", creator: "Jane Doe" },
    });
  });

  it("calls an image edited when EXIF names known editing software", async () => {
    const bytes = await image((s) => s.withExif({ IFD0: { Software: "Adobe Photoshop 25.0 Windows", Copyright: "Example GmbH" } }));
    expect(await readProvenance(bytes)).toEqual({
      finding: "edited",
      details: { software: "Adobe Photoshop 25.0 Windows", copyright: "Example GmbH" },
    });
    const gimp = await image((s) => s.withXmp(xmp("", `xmp:CreatorTool="GIMP 2.10"`)));
    expect((await readProvenance(gimp)).finding).toBe("edited");
  });

  it("does not count camera firmware as editing, and an AI source type outranks an editor", async () => {
    const camera = await image((s) => s.withExif({ IFD0: { Software: "Firmware Ver.1.10" } }));
    expect(await readProvenance(camera)).toEqual({ finding: "none", details: { software: "Firmware Ver.1.10" } });
    const both = await image((s) =>
      s
        .withExif({ IFD0: { Software: "Adobe Lightroom Classic" } })
        .withXmp(xmp("", `Iptc4xmpExt:DigitalSourceType="${source("compositeWithTrainedAlgorithmicMedia")}"`)),
    );
    expect((await readProvenance(both)).finding).toBe("ai_generated");
  });

  it("reads creator, credit and copyright from IPTC-IIM", async () => {
    const bytes = await jpegWithIptc([
      [80, "Max Muster"],
      [110, "Agentur X"],
      [116, "(c) Max Muster"],
    ]);
    expect(await readProvenance(bytes)).toEqual({
      finding: "none",
      details: { creator: "Max Muster", credit: "Agentur X", copyright: "(c) Max Muster" },
    });
  });

  it("bounds long values", async () => {
    const bytes = await image((s) => s.withExif({ IFD0: { Artist: `  ${"A".repeat(5000)}  ` } }));
    const { details } = await readProvenance(bytes);
    expect(details.creator).toBe("A".repeat(200));
  });

  it("finds nothing in a plain image", async () => {
    expect(await readProvenance(await image((s) => s))).toEqual({ finding: "none", details: {} });
  });

  it("answers error for a file it cannot read", async () => {
    const jpeg = await image((s) => s);
    const corrupt = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(200, 0x41)]);
    expect((await readProvenance(corrupt)).finding).toBe("error");
    expect((await readProvenance(Buffer.from("just some text"))).finding).toBe("error");
  });

  it("does not hand metadata built to stall the parser to it: deep nesting and oversized blocks are error, at once", async () => {
    // 20,000 nested elements: exifr's XML parsing would take seconds on this, growing with the square.
    const nested = xmp(`${"<a:b>".repeat(20_000)}x${"</a:b>".repeat(20_000)}`, 'xmlns:a="urn:a"');
    const deep = await image((s) => s.withXmp(nested), "png");
    const started = performance.now();
    const result = await readProvenance(deep);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.finding).toBe("error");
    const flat = xmp(`<dc:description>${"Windpark ".repeat(40_000)}</dc:description>`);
    expect((await readProvenance(await image((s) => s.withXmp(flat), "png"))).finding).toBe("error");
    expect(xmlNestingDepth(xmp("", `Iptc4xmpExt:DigitalSourceType="${source("digitalCapture")}"`))).toBeLessThan(MAX_XMP_NESTING);
  });
});
