/**
 * The Content-Security-Policy of every page. Scripts run only with this request's nonce (Next
 * adds it to its own scripts when it finds the nonce in the request's CSP header) or from our
 * origin; styles may be inline (Next and the 410 page use inline styles). Violations are
 * reported to /csp-report.
 */
export function contentSecurityPolicy(nonce: string, opts: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "report-uri /csp-report",
  ].join("; ");
}

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
