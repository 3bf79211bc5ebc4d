"use client";

import { useEditorState, type Editor } from "@tiptap/react";
import { Fragment, useRef, useState, type KeyboardEvent } from "react";

/** Every formatting a rich-text editor of ours can offer; each editor picks its own. */
export type ToolId = "h2" | "h3" | "bold" | "italic" | "bulletList" | "orderedList" | "blockquote" | "link";

// Names contain the visible word (WCAG 2.5.3, label in name: voice control says what it sees),
// but not another field's label ("Überschrift"), so "get by label" stays unambiguous.
interface ToolSpec {
  /** The visible label; `symbol` before it is decoration, hidden from assistive technology. */
  label: string;
  symbol?: string;
  /** The accessible name; the tooltip adds the keyboard shortcut. */
  name: string;
  keys: string;
  isActive: (e: Editor) => boolean;
}

const TOOLS: Record<ToolId, ToolSpec> = {
  h2: { label: "H2", name: "Zwischentitel H2", keys: "Strg+Alt+2", isActive: (e) => e.isActive("heading", { level: 2 }) },
  h3: { label: "H3", name: "Zwischentitel H3", keys: "Strg+Alt+3", isActive: (e) => e.isActive("heading", { level: 3 }) },
  bold: { label: "B", name: "Fett", keys: "Strg+B", isActive: (e) => e.isActive("bold") },
  italic: { label: "I", name: "Kursiv", keys: "Strg+I", isActive: (e) => e.isActive("italic") },
  bulletList: {
    symbol: "•",
    label: "Liste",
    name: "Liste mit Punkten",
    keys: "Strg+Umschalt+8",
    isActive: (e) => e.isActive("bulletList"),
  },
  orderedList: { label: "1. Liste", name: "1. Liste, nummeriert", keys: "Strg+Umschalt+7", isActive: (e) => e.isActive("orderedList") },
  blockquote: { symbol: "„", label: "Zitat", name: "Zitat", keys: "Strg+Umschalt+B", isActive: (e) => e.isActive("blockquote") },
  link: { label: "Link", name: "Link einfügen oder ändern", keys: "Strg+K", isActive: (e) => e.isActive("link") },
};

function runTool(editor: Editor, id: Exclude<ToolId, "link">) {
  const chain = editor.chain().focus();
  const run = {
    h2: () => chain.toggleHeading({ level: 2 }),
    h3: () => chain.toggleHeading({ level: 3 }),
    bold: () => chain.toggleBold(),
    italic: () => chain.toggleItalic(),
    bulletList: () => chain.toggleBulletList(),
    orderedList: () => chain.toggleOrderedList(),
    blockquote: () => chain.toggleBlockquote(),
  }[id];
  run().run();
}

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End move
 * between the buttons; each toggle says whether it applies at the cursor (aria-pressed).
 * `groups` are separated visually. Buttons keep the editor's selection on mouse down.
 */
export function RichTextToolbar({
  editor,
  groups,
  onLink,
  label = "Formatierung",
}: {
  editor: Editor;
  groups: ToolId[][];
  onLink: () => void;
  label?: string;
}) {
  const ids = groups.flat();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(ids.map((id) => [id, TOOLS[id].isActive(e)])) as Record<ToolId, boolean>,
  });
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % ids.length,
      ArrowLeft: (i) => (i - 1 + ids.length) % ids.length,
      Home: () => 0,
      End: () => ids.length - 1,
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const next = move(current);
    setCurrent(next);
    buttons.current[next]?.focus();
  }

  let index = -1;
  return (
    <div className="rt-toolbar" role="toolbar" aria-label={label} onKeyDown={onKeyDown}>
      {groups.map((group, g) => (
        <Fragment key={group.join("-")}>
          {g > 0 ? <span className="rt-tool-sep" aria-hidden="true" /> : null}
          {group.map((id) => {
            const i = ++index;
            const tool = TOOLS[id];
            return (
              <button
                key={id}
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                className="rt-tool"
                title={`${tool.name} (${tool.keys})`}
                aria-label={tool.name}
                aria-pressed={active[id]}
                tabIndex={i === current ? 0 : -1}
                onFocus={() => setCurrent(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => (id === "link" ? onLink() : runTool(editor, id))}
              >
                {tool.symbol ? <span aria-hidden="true">{tool.symbol} </span> : null}
                {tool.label}
              </button>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
}
