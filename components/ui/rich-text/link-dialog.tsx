"use client";

import type { Editor } from "@tiptap/react";
import { useState } from "react";
import { LINK_TARGET_ISSUE, normalizeHref } from "./normalize-href";
import { Button } from "../button";

export interface LinkDialogState {
  draft: string | null;
  issue: string | null;
  open: () => void;
  setDraft: (value: string) => void;
  apply: () => void;
  remove: () => void;
  cancel: () => void;
}

/** The link being edited: opened from the toolbar or Ctrl+K, applied to the selection or inserted as text. */
export function useLinkDialog(editor: Editor | null): LinkDialogState {
  const [draft, setDraft] = useState<string | null>(null);
  const [issue, setIssue] = useState<string | null>(null);
  const close = () => {
    setDraft(null);
    setIssue(null);
  };
  return {
    draft,
    issue,
    setDraft: (value) => {
      setDraft(value);
      setIssue(null);
    },
    open() {
      if (!editor) return;
      // ProseMirror takes a selection made with mouse or keys from the browser's selectionchange
      // event, which may still be queued after a quick Shift+Arrow, Ctrl+K: have it read it now.
      if (editor.view.hasFocus()) editor.view.dom.ownerDocument.dispatchEvent(new Event("selectionchange"));
      setIssue(null);
      setDraft((editor.getAttributes("link").href as string | undefined) ?? "");
    },
    apply() {
      if (!editor || draft === null) return;
      const href = normalizeHref(draft);
      if (!href) return setIssue(LINK_TARGET_ISSUE);
      const chain = editor.chain().focus().extendMarkRange("link");
      // No selection: what was typed becomes the link text.
      if (editor.state.selection.empty && !editor.isActive("link"))
        chain.insertContent({ type: "text", text: draft.trim(), marks: [{ type: "link", attrs: { href } }] }).run();
      else chain.setLink({ href }).run();
      close();
    },
    remove() {
      editor?.chain().focus().extendMarkRange("link").unsetLink().run();
      close();
    },
    cancel() {
      close();
      editor?.commands.focus();
    },
  };
}

/** The link target field between toolbar and text; Enter applies, Escape cancels. */
export function LinkDialog({ editor, link, idPrefix }: { editor: Editor | null; link: LinkDialogState; idPrefix: string }) {
  if (link.draft === null) return null;
  const inputId = `${idPrefix}-link`;
  const issueId = `${inputId}-issue`;
  return (
    <div className="rt-link-row" role="group" aria-label="Link bearbeiten">
      <label htmlFor={inputId} className="meta">
        Linkziel
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="url"
        autoFocus
        value={link.draft}
        placeholder="https://www.beispiel.de"
        onChange={(e) => link.setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            link.apply();
          }
          if (e.key === "Escape") {
            e.preventDefault();
            link.cancel();
          }
        }}
        aria-invalid={link.issue ? true : undefined}
        aria-describedby={link.issue ? issueId : undefined}
      />
      <Button type="button" onClick={link.apply}>
        Übernehmen
      </Button>
      {editor?.isActive("link") ? (
        <Button type="button" variant="secondary" onClick={link.remove}>
          Link entfernen
        </Button>
      ) : null}
      <Button type="button" variant="link" onClick={link.cancel}>
        Abbrechen
      </Button>
      {link.issue ? (
        <p className="issue" id={issueId} role="alert">
          {link.issue}
        </p>
      ) : null}
    </div>
  );
}
