"use client";

import { EditorContent, useEditor, type Editor, type Extensions } from "@tiptap/react";
import { useEffect, useMemo, useRef } from "react";
import { LinkDialog, useLinkDialog } from "./link-dialog";
import { RichTextToolbar, type ToolId } from "./toolbar";

interface Props {
  /** The editor's schema: only what the server keeps, so nothing offered vanishes on save. */
  extensions: Extensions;
  /** Toolbar buttons, in groups; each must be backed by an extension. */
  tools: ToolId[][];
  initialHtml: string;
  /** Prefix of the ids this editor renders (the link field). */
  idPrefix: string;
  /** Names the text area (role textbox): a label element's id. */
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  /** Called on every change of the text with the editor's HTML ("" when empty). */
  onChange?: (html: string) => void;
  /** Called once the editor exists, with its HTML as parsed from `initialHtml`. */
  onReady?: (html: string) => void;
  /** Focus left the text. */
  onBlur?: () => void;
  /** Rewrites pasted HTML before the schema reads it (e.g. cleanPastedHtml). */
  transformPastedHTML?: (html: string) => string;
}

const htmlOf = (e: Editor) => (e.isEmpty ? "" : e.getHTML());

/**
 * The shared rich-text editor: a TipTap text area (role textbox, multi-line, named by a label)
 * with its formatting toolbar and link field. Rendered on the client only: the server has no
 * DOM, and a server render would not match.
 */
export function RichTextEditor({
  extensions,
  tools,
  initialHtml,
  idPrefix,
  labelId,
  describedBy,
  invalid = false,
  onChange,
  onReady,
  onBlur,
  transformPastedHTML,
}: Props) {
  const openLink = useRef<() => void>(() => {});
  const callbacks = useRef({ onChange, onReady, onBlur });
  useEffect(() => {
    callbacks.current = { onChange, onReady, onBlur };
  });
  // Rebuilt only when the ARIA attributes change (an issue comes or goes): useEditor then hands
  // them to the existing editor instead of re-creating it.
  const attributeKey = JSON.stringify({
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
  });
  const editorProps = useMemo(
    () => ({
      attributes: JSON.parse(attributeKey) as Record<string, string>,
      ...(transformPastedHTML ? { transformPastedHTML } : {}),
      handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    }),
    [attributeKey, transformPastedHTML],
  );
  const editor = useEditor({
    extensions,
    content: initialHtml,
    immediatelyRender: false,
    editorProps,
    onCreate: ({ editor: e }) => callbacks.current.onReady?.(htmlOf(e)),
    onUpdate: ({ editor: e }) => callbacks.current.onChange?.(htmlOf(e)),
    onBlur: () => callbacks.current.onBlur?.(),
  });
  const link = useLinkDialog(editor);
  useEffect(() => {
    openLink.current = link.open;
  });

  return (
    <div className="rt">
      {editor ? <RichTextToolbar editor={editor} groups={tools} onLink={link.open} /> : <div className="rt-toolbar" aria-hidden="true" />}
      <LinkDialog editor={editor} link={link} idPrefix={idPrefix} />
      <div className="rt-editor">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
