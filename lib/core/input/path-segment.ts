import { isAcceptableText } from "./text";

/** Longer than any slug the service makes (80) or imported (legacy ≤ 255). */
const MAX_SEGMENT_CHARS = 255;

/**
 * One percent-encoded path segment as text, or null when it names nothing: malformed
 * percent-encoding, NUL, unpaired surrogates or absurd length. Callers answer 404.
 */
export function decodePathSegment(raw: string): string | null {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return text.length > 0 && text.length <= MAX_SEGMENT_CHARS && isAcceptableText(text) ? text : null;
}

/** Whether every segment of a raw request path decodes (a lone `%`, `%F2%88%88` do not). */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
