import { XMLBuilder } from "fast-xml-parser";

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, suppressEmptyNode: true });

export const XML_DECLARATION = { "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" } };
export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function buildXml(document: Record<string, unknown>): string {
  return builder.build({ ...XML_DECLARATION, ...document }) as string;
}

/** Every XML answer is application/xml, whatever it describes (spec 4.1; a Next 16 trap). */
export function xmlResponse(xml: string, cacheControl: string): Response {
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": cacheControl } });
}
