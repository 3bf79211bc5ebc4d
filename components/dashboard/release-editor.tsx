"use client";

import StarterKit from "@tiptap/starter-kit";
import { cleanPastedHtml } from "@/components/ui/rich-text/clean-pasted-html";
import { RichTextEditor } from "@/components/ui/rich-text/rich-text-editor";
import type { ToolId } from "@/components/ui/rich-text/toolbar";
import { bodyFromEditorHtml } from "@/lib/adapters/dashboard/release-body";
import { bodyTextLength, RELEASE_LIMITS } from "@/lib/domains/releases/rules";
import styles from "./release-editor.module.css";

const { bodyMinChars: BODY_MIN_CHARS, bodyMaxChars: BODY_MAX_CHARS } = RELEASE_LIMITS;

// What a release text may hold and the portal prints: h2/h3, bold, italic, bullet and numbered
// lists, links, block quotes (and line breaks, which stored releases carry). Everything else of
// the starter kit is off, so nothing offered vanishes in the sanitiser (lib/domains/releases/sanitize.ts).
// No trailing empty paragraph is added after a list or quote: it would change the stored text.
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      protocols: ["mailto"],
      HTMLAttributes: { target: null, rel: null },
    },
  }),
];
const TOOLS: ToolId[][] = [["h2", "h3"], ["bold", "italic"], ["bulletList", "orderedList", "blockquote"], ["link"]];

const count = new Intl.NumberFormat("de-DE");

/** Where the length stands against the limits; only a change of it is announced, never each keystroke. */
function lengthState(length: number): "short" | "fits" | "long" {
  return length < BODY_MIN_CHARS ? "short" : length > BODY_MAX_CHARS ? "long" : "fits";
}
const LENGTH_NEWS = {
  short: "",
  fits: "Der Text hat die nötige Länge.",
  long: `Der Text ist länger als ${count.format(BODY_MAX_CHARS)} Zeichen.`,
} as const;

/**
 * The release text field: label "Text" naming the editor, which takes the page's width and
 * grows with the text, the live character count against the limits (text without markup, as
 * the rules count it) and the field's issue, both linked to the editor.
 */
export function ReleaseBodyField({
  initialHtml,
  body,
  issue,
  onChange,
  onHtml,
  onBlur,
}: {
  initialHtml: string;
  body: string;
  issue: string | undefined;
  onChange: (body: string) => void;
  onHtml: (html: string) => void;
  onBlur: () => void;
}) {
  const length = bodyTextLength(body);
  const state = lengthState(length);
  return (
    <div className={`field ${styles.bodyField}`}>
      {/* Names the editor (aria-labelledby): a contenteditable is no control a label's "for" reaches.
          The error summary links here (#body-label) and focuses the editor it names. */}
      <label id="body-label">Text</label>
      <RichTextEditor
        extensions={EXTENSIONS}
        tools={TOOLS}
        initialHtml={initialHtml}
        idPrefix="body"
        labelId="body-label"
        describedBy={issue ? "body-issue body-count body-hint" : "body-count body-hint"}
        invalid={!!issue}
        transformPastedHTML={cleanPastedHtml}
        onReady={onHtml}
        onBlur={onBlur}
        onChange={(html) => {
          const next = bodyFromEditorHtml(html);
          onHtml(next);
          onChange(next);
        }}
      />
      {issue ? (
        <p className="issue" id="body-issue">
          {issue}
        </p>
      ) : null}
      <p className={`hint release-body-count ${styles.count}`} id="body-count">
        <span className={state === "fits" ? undefined : "count-short"}>
          {count.format(length)} von {count.format(BODY_MAX_CHARS)} Zeichen
        </span>{" "}
        (mindestens {BODY_MIN_CHARS})
      </p>
      <p className="visually-hidden" aria-live="polite">
        {LENGTH_NEWS[state]}
      </p>
      <p className="hint" id="body-hint">
        Zwischenüberschriften, Fett, Kursiv, Listen, Links und Zitate. Aus Word oder Google Docs Eingefügtes wird auf diese Formate
        reduziert. Schreiben Sie sachlich wie eine Nachricht, nicht wie Werbung.
      </p>
    </div>
  );
}
