import { parseHtmlFragment, type ElementNode, type HtmlNode } from "./html-fragment";
import { normalizeHref } from "./normalize-href";

// Pasted HTML from Word or Google Docs, reduced to what the release editor offers: paragraphs,
// h2/h3, bold, italic, bullet and numbered lists, links, block quotes and line breaks. Styles,
// classes, spans and Office markup go; Google Docs' wrapping <b style="font-weight:normal">
// does not make everything bold; formatting carried by inline styles (Google Docs writes bold
// as a span with font-weight:700) becomes <strong>/<em>; Word's list paragraphs (mso-list)
// become real lists; empty paragraphs vanish. The editor's schema and the server's sanitiser
// still judge what comes out: this is normalisation, not the security boundary.

interface Marks {
  strong: boolean;
  em: boolean;
  href: string | null;
}
type Inline = { text: string; marks: Marks } | { br: true };
type TextKind = "p" | "h2" | "h3";
type Block = { kind: TextKind; inline: Inline[] } | { kind: "ul" | "ol"; items: Block[][] } | { kind: "blockquote"; blocks: Block[] };

const DROPPED = new Set([
  "head",
  "script",
  "style",
  "title",
  "meta",
  "link",
  "xml",
  "img",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "video",
  "audio",
  "canvas",
  "picture",
  "input",
  "button",
  "select",
  "textarea",
  "noscript",
  "template",
]);
const CONTAINERS = new Set([
  "#root",
  "html",
  "body",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "nav",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "caption",
  "dl",
  "dt",
  "dd",
  "figure",
  "figcaption",
  "address",
  "center",
  "pre",
  "form",
  "fieldset",
  "details",
  "summary",
]);
const HEADINGS: Record<string, TextKind> = { h1: "h2", h2: "h2", h3: "h3", h4: "h3", h5: "h3", h6: "h3" };
const BLANK = /^(?:\s|&nbsp;|&#160;|&#xa0;|\u00a0)*$/i;
const EDGE_BLANK_START = /^(?:\s|&nbsp;|&#160;|&#xa0;|\u00a0)+/i;
const EDGE_BLANK_END = /(?:\s|&nbsp;|&#160;|&#xa0;|\u00a0)+$/i;

const isBlankRun = (run: Inline) => "br" in run || BLANK.test(run.text);

function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return named[e.toLowerCase()] ?? all;
  });
}

function styleOf(el: ElementNode): Map<string, string> {
  const style = new Map<string, string>();
  for (const declaration of decodeEntities(el.attrs.style ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon > 0)
      style.set(
        declaration.slice(0, colon).trim().toLowerCase(),
        declaration
          .slice(colon + 1)
          .trim()
          .toLowerCase(),
      );
  }
  return style;
}

/** Bold and italic as CSS says them: a later, inner declaration wins, as in the browser. */
function marksOf(el: ElementNode, marks: Marks): Marks {
  const style = styleOf(el);
  let { strong, em } = marks;
  if (el.tag === "b" || el.tag === "strong") strong = true;
  if (el.tag === "i" || el.tag === "em") em = true;
  const weight = style.get("font-weight");
  if (weight) strong = /^(bold|bolder|[6-9]00)$/.test(weight) ? true : /^(normal|lighter|[1-5]00)$/.test(weight) ? false : strong;
  const fontStyle = style.get("font-style");
  if (fontStyle) em = /^(italic|oblique)/.test(fontStyle) ? true : fontStyle === "normal" ? false : em;
  return { strong, em, href: marks.href };
}

interface WordItem {
  list: string;
  level: number;
  ordered: boolean;
  el: ElementNode;
}

/** A Word list paragraph (style "mso-list:l0 level2 lfo1": list l0, level 2), or null for anything else. */
function wordListItem(node: HtmlNode): WordItem | null {
  if (node.type !== "element" || node.tag !== "p") return null;
  const m = /^(\S+)\s+level(\d+)/.exec(styleOf(node).get("mso-list") ?? "");
  if (!m) return null;
  const marker = decodeEntities(markerText(node)).replace(/\s|\u00a0/g, "");
  return { list: m[1]!, level: Number(m[2]), ordered: /^\(?([0-9]+|[a-z]|[ivxlcdm]+)[.)]$/i.test(marker), el: node };
}

const isWordMarker = (el: ElementNode) => styleOf(el).get("mso-list") === "ignore";

function markerText(el: ElementNode): string {
  if (el.listMarker !== undefined) return el.listMarker.replace(/<[^>]*>/g, "");
  for (const child of el.children) {
    if (child.type !== "element") continue;
    if (isWordMarker(child)) return textOf(child);
    const inner = markerText(child);
    if (inner) return inner;
  }
  return "";
}
const textOf = (node: HtmlNode): string => (node.type === "text" ? node.raw : node.children.map(textOf).join(""));

/** Collects blocks; inline content outside a block opens a paragraph (or the heading being read). */
class BlockList {
  readonly blocks: Block[] = [];
  kind: TextKind = "p";
  private open: Inline[] | null = null;
  private openKind: TextKind = "p";

  inline(run: Inline) {
    if (!this.open) {
      if (isBlankRun(run)) return;
      this.open = [];
      this.openKind = this.kind;
    }
    this.open.push(run);
  }
  block(block: Block | null) {
    this.flush();
    if (block) this.blocks.push(block);
  }
  flush() {
    const runs = this.open;
    this.open = null;
    if (!runs) return;
    while (runs.length && isBlankRun(runs[runs.length - 1]!)) runs.pop();
    const first = runs[0];
    const last = runs[runs.length - 1];
    if (!first || !last || "br" in first || "br" in last) return;
    first.text = first.text.replace(EDGE_BLANK_START, "");
    last.text = last.text.replace(EDGE_BLANK_END, "");
    // A heading is bold by itself; a <strong> inside it would only repeat that.
    const inline = this.openKind === "p" ? runs : runs.map((r) => ("br" in r ? r : { text: r.text, marks: { ...r.marks, strong: false } }));
    this.blocks.push({ kind: this.openKind, inline });
  }
}

function walkChildren(children: HtmlNode[], marks: Marks, out: BlockList) {
  for (let i = 0; i < children.length; i++) {
    const first = wordListItem(children[i]!);
    if (!first) {
      walk(children[i]!, marks, out);
      continue;
    }
    // Word writes a list as a run of paragraphs of one list id; whitespace between them belongs to the run.
    const items: WordItem[] = [first];
    let j = i + 1;
    for (; j < children.length; j++) {
      const node = children[j]!;
      const item = wordListItem(node);
      if (item?.list === first.list) items.push(item);
      else if (item || !(node.type === "text" && BLANK.test(node.raw))) break;
    }
    i = j - 1;
    for (let k = 0; k < items.length;) {
      const nested = nestWordItems(items, k, items[k]!.level, marks);
      out.block(nested.block);
      k = nested.next;
    }
  }
}

function nestWordItems(items: WordItem[], start: number, level: number, marks: Marks): { block: Block; next: number } {
  const list: Block[][] = [];
  let i = start;
  while (i < items.length && items[i]!.level >= level) {
    if (items[i]!.level === level) {
      list.push(blocksOf(items[i]!.el.children, marks));
      i++;
    } else {
      const nested = nestWordItems(items, i, items[i]!.level, marks);
      if (list.length) list[list.length - 1]!.push(nested.block);
      else list.push([nested.block]);
      i = nested.next;
    }
  }
  return { block: { kind: items[start]!.ordered ? "ol" : "ul", items: list }, next: i };
}

function blocksOf(children: HtmlNode[], marks: Marks): Block[] {
  const inner = new BlockList();
  walkChildren(children, marks, inner);
  inner.flush();
  return inner.blocks;
}

function list(el: ElementNode, marks: Marks): Block | null {
  const items: Block[][] = [];
  for (const child of el.children) {
    if (child.type === "element" && (child.tag === "ul" || child.tag === "ol")) {
      // Google Docs nests a list directly in its parent list: it belongs to the item before it.
      const nested = list(child, marks);
      if (!nested) continue;
      if (items.length) items[items.length - 1]!.push(nested);
      else items.push([nested]);
    } else {
      const blocks = blocksOf(child.type === "element" && child.tag === "li" ? child.children : [child], marks);
      if (blocks.length) items.push(blocks);
    }
  }
  return items.length ? { kind: el.tag === "ol" ? "ol" : "ul", items } : null;
}

function walk(node: HtmlNode, marks: Marks, out: BlockList) {
  if (node.type === "text") {
    const text = node.raw.replace(/[ \t\r\n\f]+/g, " ");
    if (text) out.inline({ text, marks });
    return;
  }
  const { tag } = node;
  if (DROPPED.has(tag) || isWordMarker(node)) return;
  if (tag === "br") return out.inline({ br: true });
  if (tag === "hr") return out.flush();
  if (tag === "ul" || tag === "ol") return out.block(list(node, marks));
  if (tag === "blockquote") {
    const blocks = blocksOf(node.children, marks);
    return out.block(blocks.length ? { kind: "blockquote", blocks } : null);
  }
  const inner = marksOf(node, marks);
  if (tag === "p" || tag === "li" || HEADINGS[tag]) {
    out.flush();
    const outer = out.kind;
    const className = node.attrs.class ?? "";
    out.kind = HEADINGS[tag] ?? (/^MsoTitle$/i.test(className) ? "h2" : /^MsoSubtitle$/i.test(className) ? "h3" : "p");
    walkChildren(node.children, inner, out);
    out.flush();
    out.kind = outer;
    return;
  }
  if (CONTAINERS.has(tag)) {
    out.flush();
    walkChildren(node.children, inner, out);
    return out.flush();
  }
  if (tag === "a") {
    const href = node.attrs.href === undefined ? null : normalizeHref(decodeEntities(node.attrs.href));
    return walkChildren(node.children, { ...inner, href: href ?? marks.href }, out);
  }
  walkChildren(node.children, inner, out);
}

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const sameMarks = (a: Marks, b: Marks) => a.strong === b.strong && a.em === b.em && a.href === b.href;

function renderInline(runs: Inline[]): string {
  const merged: Inline[] = [];
  for (const run of runs) {
    const prev = merged[merged.length - 1];
    if (prev && !("br" in prev) && !("br" in run) && sameMarks(prev.marks, run.marks))
      merged[merged.length - 1] = { text: prev.text + run.text, marks: prev.marks };
    else merged.push(run);
  }
  return merged
    .map((run) => {
      if ("br" in run) return "<br>";
      let html = run.text;
      if (run.marks.em) html = `<em>${html}</em>`;
      if (run.marks.strong) html = `<strong>${html}</strong>`;
      if (run.marks.href) html = `<a href="${escapeAttr(run.marks.href)}">${html}</a>`;
      return html;
    })
    .join("");
}

function render(blocks: Block[]): string {
  return blocks
    .map((b) => {
      if ("items" in b) {
        const items = b.items.filter((item) => item.length);
        return items.length ? `<${b.kind}>${items.map((item) => `<li>${render(item)}</li>`).join("")}</${b.kind}>` : "";
      }
      if ("blocks" in b) return `<blockquote>${render(b.blocks)}</blockquote>`;
      return `<${b.kind}>${renderInline(b.inline)}</${b.kind}>`;
    })
    .join("");
}

/** Clipboard HTML (a whole document or a fragment) → HTML of the editor's elements only. */
export function cleanPastedHtml(html: string): string {
  return render(blocksOf(parseHtmlFragment(html).children, { strong: false, em: false, href: null }));
}
