"use client";

import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
import styles from "@/components/newsletter/newsletter.module.css";

// Only what a newsletter needs and the server keeps (lib/newsletter/sanitize-newsletter-html.ts):
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
    link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["mailto"], HTMLAttributes: { target: null, rel: null } },
  }),
];

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** Makes what a person types into a link target: a bare host gets https, anything else unsafe is refused. */
function normalizeHref(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (SAFE_LINK.test(value)) return value;
  if (/^[^\s:/]+@[^\s:/]+\.[a-z]{2,}$/i.test(value)) return `mailto:${value}`;
  if (/^[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(value)) return `https://${value}`;
  return null;
}

function Tool({ label, title, active, disabled, onClick }: { label: string; title: string; active?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={styles.tool} title={title} aria-label={title} aria-pressed={active} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={onClick}>
      {label}
    </button>
  );
}

function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      link: e.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Formatierung">
      <Tool label="B" title="Fett" active={s.bold} onClick={() => chain().toggleBold().run()} />
      <Tool label="I" title="Kursiv" active={s.italic} onClick={() => chain().toggleItalic().run()} />
      <span className={styles.toolSep} aria-hidden="true" />
      <Tool label="• Liste" title="Aufzählung" active={s.bullet} onClick={() => chain().toggleBulletList().run()} />
      <Tool label="1. Liste" title="Nummerierte Liste" active={s.ordered} onClick={() => chain().toggleOrderedList().run()} />
      <span className={styles.toolSep} aria-hidden="true" />
      <Tool label="Link" title="Link einfügen oder ändern" active={s.link} onClick={onLink} />
    </div>
  );
}

/**
 * The newsletter text: a TipTap editor whose HTML travels in a hidden field with the form, so
 * the server action receives it like any other field (and sanitises it again).
 */
export function NewsletterEditor({ name, initialHtml, labelId, describedBy }: { name: string; initialHtml: string; labelId: string; describedBy?: string }) {
  const [html, setHtml] = useState(initialHtml);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [linkIssue, setLinkIssue] = useState<string | null>(null);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    // Rendered on the client only: the server has no DOM, and a server render would not match.
    immediatelyRender: false,
    editorProps: {
      attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelId, ...(describedBy ? { "aria-describedby": describedBy } : {}) },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });

  function openLink() {
    if (!editor) return;
    setLinkIssue(null);
    setLinkDraft((editor.getAttributes("link").href as string | undefined) ?? "");
  }
  function applyLink() {
    if (!editor || linkDraft === null) return;
    const href = normalizeHref(linkDraft);
    if (!href) return setLinkIssue("Bitte eine Webadresse (https://…) oder E-Mail-Adresse eingeben.");
    const chain = editor.chain().focus().extendMarkRange("link");
    // No selection: what was typed becomes the link text.
    if (editor.state.selection.empty && !editor.isActive("link")) chain.insertContent({ type: "text", text: linkDraft.trim(), marks: [{ type: "link", attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setLinkDraft(null);
  }
  function removeLink() {
    editor?.chain().focus().extendMarkRange("link").unsetLink().run();
    setLinkDraft(null);
  }

  return (
    <div>
      {editor ? <Toolbar editor={editor} onLink={openLink} /> : <div className={styles.toolbar} aria-hidden="true" />}
      {linkDraft !== null ? (
        <div className={styles.linkRow}>
          <label htmlFor={`${name}-link`} className="meta">
            Linkziel
          </label>
          <input
            id={`${name}-link`}
            type="text"
            inputMode="url"
            autoFocus
            value={linkDraft}
            placeholder="https://www.beispiel.de"
            onChange={(e) => setLinkDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                applyLink();
              }
              if (e.key === "Escape") setLinkDraft(null);
            }}
            aria-invalid={linkIssue ? true : undefined}
          />
          <button type="button" className="button" onClick={applyLink}>
            Übernehmen
          </button>
          {editor?.isActive("link") ? (
            <button type="button" className="button secondary" onClick={removeLink}>
              Link entfernen
            </button>
          ) : null}
          <button type="button" className="link-button" onClick={() => setLinkDraft(null)}>
            Abbrechen
          </button>
          {linkIssue ? <p className="issue">{linkIssue}</p> : null}
        </div>
      ) : null}
      <div className={styles.editor}>
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
