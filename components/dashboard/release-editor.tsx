"use client";

import StarterKit from "@tiptap/starter-kit";
import { cleanPastedHtml } from "@/components/ui/rich-text/clean-pasted-html";
import { RichTextEditor } from "@/components/ui/rich-text/rich-text-editor";
import type { ToolId } from "@/components/ui/rich-text/toolbar";
import { bodyFromEditorHtml } from "@/lib/adapters/dashboard/release-body";
import { bodyTextLength, RELEASE_LIMITS } from "@/lib/domains/releases/rules";

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

/**
 * The release text field: label "Text" naming the editor, the live character count (text
 * without markup, as the rules count it) and the field's issue, both linked to the editor.
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
  return (
    <div className="field">
      {/* Names the editor (aria-labelledby): a contenteditable is no control a label's "for" reaches. */}
      <label id="body-label">Text</label>
      <RichTextEditor
        extensions={EXTENSIONS}
        tools={TOOLS}
        initialHtml={initialHtml}
        idPrefix="body"
        labelId="body-label"
        describedBy={issue ? "body-hint body-count body-issue" : "body-hint body-count"}
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
      <p className="hint release-body-count" id="body-count">
        <span className={length < BODY_MIN_CHARS || length > BODY_MAX_CHARS ? "count-short" : undefined}>
          {count.format(length)} Zeichen
        </span>
        , mindestens {BODY_MIN_CHARS}, höchstens {count.format(BODY_MAX_CHARS)}.
      </p>
      <p className="hint" id="body-hint">
        Zwischenüberschriften, Fett, Kursiv, Listen, Links und Zitate. Aus Word oder Google Docs Eingefügtes wird auf diese Formate
        reduziert. Schreiben Sie sachlich wie eine Nachricht, nicht wie Werbung.
      </p>
      {issue ? (
        <p className="issue" id="body-issue">
          {issue}
        </p>
      ) : null}
    </div>
  );
}
