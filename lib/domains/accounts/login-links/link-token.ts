import { createHash, randomBytes } from "node:crypto";

// Tokens of login links and address confirmations: 32 random bytes, base64url (43 characters).
// Only their SHA-256 is stored, so a copy of the database signs nobody in.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newLinkToken = (): string => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** False for anything that cannot be one of our tokens; spares the database a lookup. */
export const isWellFormedLinkToken = (token: string): boolean => TOKEN_PATTERN.test(token);
