import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { hashLinkToken, isWellFormedLinkToken, newLinkToken } from "@/lib/domains/accounts/login-links/link-token";

// A preview link's token is made like a login link's: 32 random bytes, base64url (256 bits, so
// nobody guesses one), and only its SHA-256 is stored, so a copy of the database opens no
// preview. The token is shown once, to the sender, and sits in the recipient's URL.

export const newPreviewToken = newLinkToken;
export const hashPreviewToken = hashLinkToken;
/** False for anything that cannot be one of our tokens; spares the database a lookup. */
export const isWellFormedPreviewToken = isWellFormedLinkToken;

/** The preview's path on the hub (docs/previews.md). */
export const previewPath = (token: string): string => `/vorschau/${token}`;

/** The address the recipient opens: on the hub, whatever portal the release is for. */
export const previewUrl = (token: string): string => `${siteOrigin("hub", getSiteHosts())}${previewPath(token)}`;

/**
 * Where the preview page loads one stored file of an image: under the link itself, so an image
 * of an unpublished release is served only while the link shows the page. `key` is the file's
 * storage key (`img/<prefix>/<name>`); its last segment names it.
 */
export const previewImagePath = (token: string, imageId: number, key: string): string =>
  `${previewPath(token)}/bild/${imageId}/${encodeURIComponent(key.split("/").at(-1) ?? "")}`;
