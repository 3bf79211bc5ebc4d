import { createHash } from "node:crypto";

// The browser-session binding is a value from the asking browser's session cookie; stored as a
// hash like the token, so the rows do not hold anything a cookie could be forged from. Empty
// means "not bound".
export const hashBinding = (binding: string | null | undefined): string | null =>
  binding ? createHash("sha256").update(`browser-session:${binding}`).digest("hex") : null;
