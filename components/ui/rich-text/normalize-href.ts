// Link targets of the rich-text editors: what a person types into the link field, and what a
// pasted document carries. Pure, so the browser and the tests use the same rule.

export const LINK_TARGET_ISSUE = "Bitte eine Webadresse (https://…) oder E-Mail-Adresse eingeben.";

const EMAIL = /^[^\s@:/?#]+@[^\s@:/?#]+\.[^\s@:/?#]{2,}$/u;
const BARE_HOST = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(:\d{1,5})?([/?#]\S*)?$/u;

/**
 * A safe link target, or null. Web addresses with http(s) and a host stay as typed; a bare host
 * ("www.beispiel.de/presse") gets https://, an e-mail address mailto:. Anything else (other
 * schemes such as javascript: or data:, relative paths, text with spaces) is refused.
 */
export function normalizeHref(raw: string): string | null {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  if (/^https?:\/\//i.test(value)) {
    try {
      return new URL(value).hostname.includes(".") || /^https?:\/\/localhost(?=[:/]|$)/i.test(value) ? value : null;
    } catch {
      return null;
    }
  }
  if (/^mailto:/i.test(value)) return EMAIL.test(value.slice(7).split("?")[0]!) ? value : null;
  if (EMAIL.test(value)) return `mailto:${value}`;
  if (BARE_HOST.test(value)) return `https://${value}`;
  return null;
}
