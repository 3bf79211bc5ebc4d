import { simpleParser, type Attachment } from "mailparser";

// A bounce that comes back as mail: an RFC 3464 delivery status notification, a multipart/report
// with a human-readable part, a machine-readable `message/delivery-status` part (one block of
// per-message fields, then one block per recipient) and the returned original, either only its
// headers (`text/rfc822-headers`) or the whole message (`message/rfc822`). RFC 6533's `global`
// variants carry the same fields in UTF-8.

export interface DsnRecipient {
  /** Address from Original-Recipient (as we addressed it), when the reporting MTA kept it. */
  originalRecipient: string | null;
  /** Address from Final-Recipient (after forwarding or aliasing at the receiving side). */
  finalRecipient: string | null;
  action: string | null;
  status: string | null;
  diagnostic: string | null;
}

export interface ParsedDsn {
  messageId: string | null;
  recipients: DsnRecipient[];
  /** Header fields of the returned original, names lower-cased, every value of a repeated field. */
  returnedHeaders: Map<string, string[]>;
}

const STATUS_TYPES = new Set(["message/delivery-status", "message/global-delivery-status"]);
const RETURNED_TYPES = new Set(["text/rfc822-headers", "message/rfc822", "message/global", "message/global-headers"]);
// Enough for any real diagnostic; a stored row never holds a remote server's essay.
const MAX_FIELD_LENGTH = 1000;

/** Header-style fields of one block: continuation lines folded in, names lower-cased. */
function parseFields(block: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  let current: { name: string; value: string } | null = null;
  const flush = () => {
    // Control characters (NUL among them) have no place in these fields and PostgreSQL text
    // cannot hold NUL: they become spaces.

    if (current)
      fields.set(current.name, [
        ...(fields.get(current.name) ?? []),
        current.value
          .replace(/[\u0000-\u001f\u007f]/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      ]);
  };
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && current) {
      current.value += ` ${line.trim()}`;
      continue;
    }
    flush();
    const m = /^([!-9;-~]+):(.*)$/.exec(line);
    current = m ? { name: m[1]!.toLowerCase(), value: m[2]! } : null;
  }
  flush();
  return fields;
}

/** Splits `rfc822; alice@example.org` into its address; other address types are not ours. */
function recipientAddress(value: string | null): string | null {
  if (!value) return null;
  const [type, ...rest] = value.split(";");
  const address = rest
    .join(";")
    .trim()
    .replace(/^<(.*)>$/, "$1")
    .trim();
  if (!/^(rfc822|utf-8)$/i.test(type?.trim() ?? "") || !address.includes("@")) return null;
  return address.toLowerCase();
}

const first = (fields: Map<string, string[]>, name: string) => fields.get(name)?.[0]?.slice(0, MAX_FIELD_LENGTH) || null;

function parseDeliveryStatus(text: string): DsnRecipient[] {
  // Blocks are separated by blank lines; the first holds the per-message fields.
  const blocks = text.split(/\r?\n[ \t]*\r?\n/).map(parseFields);
  return blocks
    .slice(1)
    .filter((f) => f.has("final-recipient") || f.has("original-recipient"))
    .map((f) => ({
      originalRecipient: recipientAddress(first(f, "original-recipient")),
      finalRecipient: recipientAddress(first(f, "final-recipient")),
      action: first(f, "action")?.toLowerCase() ?? null,
      status: first(f, "status"),
      diagnostic: first(f, "diagnostic-code"),
    }));
}

/** The header section of a returned message (or the whole part, when it is only headers). */
function returnedHeaders(part: Attachment | undefined): Map<string, string[]> {
  if (!part) return new Map();
  const text = part.content.toString("utf8");
  const end = text.search(/\r?\n[ \t]*\r?\n/);
  return parseFields(end === -1 ? text : text.slice(0, end));
}

export async function parseDsn(raw: string | Buffer): Promise<ParsedDsn> {
  // keepDeliveryStatus: otherwise mailparser folds the status part into the text body.
  const mail = await simpleParser(raw, {
    keepDeliveryStatus: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const status = mail.attachments.find((a) => STATUS_TYPES.has(a.contentType.toLowerCase()));
  return {
    messageId: mail.messageId?.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || null,
    recipients: status ? parseDeliveryStatus(status.content.toString("utf8")) : [],
    returnedHeaders: returnedHeaders(mail.attachments.find((a) => RETURNED_TYPES.has(a.contentType.toLowerCase()))),
  };
}
