// A small, forgiving HTML reader for clipboard content, so paste cleaning is a pure function
// that runs the same in the browser and in tests (no DOM). It knows what clipboard HTML from
// Word and Google Docs needs: comments and Word's conditional blocks, raw-text elements,
// unquoted attributes, void elements and the implied ends of <p> and <li>. Text stays as
// written (entities undecoded); a lone "<" becomes "&lt;".

export interface ElementNode {
  type: "element";
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
  /** Text of Word's `<![if !supportLists]>` block inside this element: a list item's bullet or number. */
  listMarker?: string;
}
export interface TextNode {
  type: "text";
  raw: string;
}
export type HtmlNode = ElementNode | TextNode;

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp"]);
/** Start tags that end an open <p> (HTML's "close a p element"). */
const CLOSES_P = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "div",
  "dl",
  "fieldset",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);
const P_SCOPE_LIMIT = new Set(["td", "th", "table", "button", "caption"]);
const TAG = /<(\/?)([a-zA-Z][\w:.-]*)/y;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const CONDITION_START = /^\[if\s[^\]]*\]$/i;
const CONDITION_END = /^\[endif\]$/i;

/** Index of the ">" that ends the tag starting before `from`, quotes respected. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < html.length; i++) {
    const c = html[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i;
  }
  return html.length;
}

function parseAttrs(inner: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of inner.matchAll(ATTR)) attrs[m[1]!.toLowerCase()] ??= m[2] ?? m[3] ?? m[4] ?? "";
  return attrs;
}

export function parseHtmlFragment(html: string): ElementNode {
  const root: ElementNode = { type: "element", tag: "#root", attrs: {}, children: [] };
  const stack: ElementNode[] = [root];
  const top = () => stack[stack.length - 1]!;
  // Inside Word's `<![if !supportLists]> … <![endif]>`: markup dropped, its text kept as the marker.
  const word: { hidden: { owner: ElementNode; text: string } | null } = { hidden: null };
  const endHidden = () => {
    const { hidden } = word;
    if (hidden) hidden.owner.listMarker = (hidden.owner.listMarker ?? "") + hidden.text;
    word.hidden = null;
  };
  const addText = (raw: string) => {
    if (word.hidden) word.hidden.text += raw;
    else if (raw) top().children.push({ type: "text", raw });
  };
  const popTo = (index: number) => stack.splice(index);
  const indexOf = (tag: string, limit?: Set<string>) => {
    for (let i = stack.length - 1; i > 0; i--) {
      if (stack[i]!.tag === tag) return i;
      if (limit?.has(stack[i]!.tag)) return -1;
    }
    return -1;
  };
  const condition = (body: string) => {
    if (CONDITION_START.test(body)) word.hidden ??= { owner: top(), text: "" };
    else if (CONDITION_END.test(body)) endHidden();
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      addText(html.slice(i));
      break;
    }
    addText(html.slice(i, lt));
    i = lt;
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      condition(html.slice(i + 4, end === -1 ? html.length : end).trim());
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith("<![", i)) {
      const end = html.indexOf("]>", i + 3);
      condition(html.slice(i + 2, end === -1 ? html.length : end + 1).trim());
      i = end === -1 ? html.length : end + 2;
      continue;
    }
    if (html.startsWith("<!", i) || html.startsWith("<?", i)) {
      const end = html.indexOf(">", i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = i;
    const m = TAG.exec(html);
    if (!m) {
      addText("&lt;");
      i += 1;
      continue;
    }
    const end = tagEnd(html, TAG.lastIndex);
    const inner = html.slice(TAG.lastIndex, end);
    i = end + 1;
    const tag = m[2]!.toLowerCase();
    if (m[1]) {
      const open = indexOf(tag);
      // An end tag inside Word's hidden block that closes an element opened before it ends the block.
      if (word.hidden && open !== -1 && stack.indexOf(word.hidden.owner) >= open) endHidden();
      if (!word.hidden && open !== -1) popTo(open);
      continue;
    }
    if (word.hidden) continue;
    if (CLOSES_P.has(tag)) {
      const p = indexOf("p", P_SCOPE_LIMIT);
      if (p !== -1) popTo(p);
    }
    if (tag === "li") {
      const li = indexOf("li", new Set(["ul", "ol"]));
      if (li !== -1) popTo(li);
    }
    const el: ElementNode = { type: "element", tag, attrs: parseAttrs(inner), children: [] };
    top().children.push(el);
    if (RAW_TEXT.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, "ig");
      close.lastIndex = i;
      i = close.exec(html) ? close.lastIndex : html.length;
    } else if (!VOID.has(tag) && !inner.trimEnd().endsWith("/")) stack.push(el);
  }
  return root;
}
