/**
 * The headers of every answer the service gives (next.config.ts sets them on each path). A page
 * the middleware renders in its own process (lib/adapters/public/stored-answers/in-process.ts)
 * never passes Next's routing, so its stored bytes take them from here too.
 */
export const EVERY_ANSWER_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  // No page needs these; passkeys need WebAuthn on our own origin only.
  {
    key: "Permissions-Policy",
    value:
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), publickey-credentials-get=(self), publickey-credentials-create=(self)",
  },
  // A page another site opened cannot reach back into ours (nor ours into it).
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
] as const;
