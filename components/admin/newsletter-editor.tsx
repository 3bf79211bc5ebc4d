"use client";

import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
import { RichTextEditor } from "@/components/ui/rich-text/rich-text-editor";
import type { ToolId } from "@/components/ui/rich-text/toolbar";

// Only what a newsletter needs and the server keeps (lib/domains/newsletter/sanitize-newsletter-html.ts):
// paragraphs, bold, italic, lists, links. Everything else of the starter kit is off, so the
// editor never offers formatting that would vanish on save.
const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      protocols: ["mailto"],
      HTMLAttributes: { target: null, rel: null },
    },
  }),
];
const TOOLS: ToolId[][] = [["bold", "italic"], ["bulletList", "orderedList"], ["link"]];

/**
 * The newsletter text: the shared rich-text editor whose HTML travels in a hidden field with the
 * form, so the server action receives it like any other field (and sanitises it again).
 */
export function NewsletterEditor({
  name,
  initialHtml,
  labelId,
  describedBy,
}: {
  name: string;
  initialHtml: string;
  labelId: string;
  describedBy?: string;
}) {
  const [html, setHtml] = useState(initialHtml);
  return (
    <div>
      <RichTextEditor
        extensions={EXTENSIONS}
        tools={TOOLS}
        initialHtml={initialHtml}
        idPrefix={name}
        labelId={labelId}
        describedBy={describedBy}
        onChange={setHtml}
      />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
