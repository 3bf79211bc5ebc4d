// Text a client sends must be storable as PostgreSQL text. The database refuses NUL (22021),
// and an unpaired UTF-16 surrogate would silently turn into U+FFFD on its way to UTF-8, so
// both are refused at the edge, naming the field. Pure: the browser's form rules use it too.

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNACCEPTABLE_TEXT_MESSAGE = "Contains a character that cannot be stored (NUL or an unpaired surrogate).";

export function isAcceptableText(text: string): boolean {
  return !text.includes("\u0000") && !UNPAIRED_SURROGATE.test(text);
}

/** The text without what cannot be stored: for search words, where refusing would only puzzle a reader. */
export function withoutUnstorableChars(text: string): string {
  return text.replace(/\u0000/g, "").replace(new RegExp(UNPAIRED_SURROGATE.source, "g"), "");
}

export interface TextIssue {
  path: string;
  message: string;
}

/**
 * Every string in a parsed JSON value, query or form that cannot be stored, with its path
 * (`title`, `contact.email`, `keywords.2`). Walks iteratively: a body nested a million levels
 * deep must not overflow the stack.
 */
export function unacceptableTextIssues(value: unknown, root = ""): TextIssue[] {
  const issues: TextIssue[] = [];
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (!isAcceptableText(current)) issues.push({ path, message: UNACCEPTABLE_TEXT_MESSAGE });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current && typeof current === "object") {
      for (const [key, v] of Object.entries(current)) stack.push([v, path ? `${path}.${key}` : key]);
    }
  }
  return issues.reverse();
}
