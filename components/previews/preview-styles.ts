// The preview page's stylesheet. The page is answered by a route handler (so its status codes
// are real: 200, 307, 410, 404), which Next's bundled stylesheet does not reach; these rules
// repeat what app/tokens.css and app/globals.css give a portal's release page ("Portal: release
// page", "Portal: release images"), so the recipient sees the layout readers will. Inline, and
// allowed by the page's policy; no script anywhere.

export const PREVIEW_CSS = `
:root{--ink:#1b1f24;--muted:#5b6470;--paper:#fff;--wash:#f5f6f8;--line:#dde1e6;--accent:#0b5cad;--radius:6px;
--warn-surface:#fff7e6;--warn-line:#f0d08a;--warn-ink:#6b4a00;--focus:#f0a500;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--paper);line-height:1.5}
*{box-sizing:border-box}
body{margin:0}
a{color:var(--accent)}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.wrap{max-width:72rem;margin:0 auto;padding-inline:1.25rem}
.preview-banner{background:var(--warn-surface);border-bottom:2px solid var(--warn-line);color:var(--warn-ink)}
.preview-banner .wrap{padding-block:.75rem}
.preview-banner p{margin:0 0 .25rem}
.preview-banner p:last-child{margin:0}
.site-header{border-bottom:1px solid var(--line);background:var(--wash)}
.site-header .wrap{display:flex;align-items:center;min-height:4rem}
.brand{font-weight:700;font-size:1.25rem;color:var(--ink)}
.brand small{display:block;font-weight:400;font-size:.85rem;color:var(--muted)}
main{padding:2rem 0 3rem}
h1{font-size:1.9rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.3rem;margin:2rem 0 .75rem}
.meta{color:var(--muted);font-size:.875rem}
.lead{margin:.35rem 0 0}
.release header .lead{font-size:1.15rem}
.release-body{max-width:46rem;margin:1.5rem 0}
.release-body>div,.release-body p:first-child{display:inline}
.release-contact{border-top:1px solid var(--line);margin-top:2rem;padding-top:1rem;max-width:46rem}
.release-figure{margin:1.5rem 0;max-width:46rem}
.release-figure img{display:block;width:auto;height:auto;max-width:100%;max-height:40rem;border-radius:var(--radius);background:var(--wash)}
.release-figure figcaption{color:var(--muted);font-size:.8rem;line-height:1.4;margin-top:.4rem}
.release-hero{margin-top:1.25rem}
.release-gallery{display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,18rem),1fr));max-width:46rem;margin:1.5rem 0}
.release-gallery .release-figure{margin:0}
.release-gallery .release-figure img{max-height:24rem}
.site-footer{border-top:1px solid var(--line);color:var(--muted);font-size:.875rem;padding:1.5rem 0}
.site-footer p{margin:0}
`;
