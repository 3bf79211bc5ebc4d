import { isIP } from "node:net";
import { z } from "zod";

// Environment values are strings; these turn them into typed values with readable errors.
const TRUE = new Set(["1", "true", "on", "yes"]);
const FALSE = new Set(["0", "false", "off", "no"]);

export const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const s = v.trim().toLowerCase();
      if (TRUE.has(s)) return true;
      if (FALSE.has(s)) return false;
      ctx.addIssue({ code: "custom", message: `must be a boolean (1/0, true/false, on/off, yes/no) (got "${v}")` });
      return z.NEVER;
    });

export const int = (fallback: number, opts: { min?: number; max?: number } = {}) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      if (!/^-?\d+$/.test(v.trim())) {
        ctx.addIssue({ code: "custom", message: `must be an integer (got "${v}")` });
        return z.NEVER;
      }
      const n = Number(v);
      if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) {
        ctx.addIssue({ code: "custom", message: `must be between ${opts.min ?? "-∞"} and ${opts.max ?? "∞"} (got ${n})` });
        return z.NEVER;
      }
      return n;
    });

export const str = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? fallback : v.trim()));

export const optionalStr = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

export const optionalUrl = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      try {
        return new URL(v.trim()).toString().replace(/\/$/, v.trim().endsWith("/") ? "/" : "");
      } catch {
        ctx.addIssue({ code: "custom", message: `must be a URL (got "${v}")` });
        return z.NEVER;
      }
    });

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const s = v.trim().toLowerCase();
      if ((values as readonly string[]).includes(s)) return s as T[number];
      ctx.addIssue({ code: "custom", message: `must be one of ${values.join(", ")} (got "${v}")` });
      return z.NEVER;
    });

export const optionalDate = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const d = new Date(v.trim());
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: "custom", message: `must be an ISO date (got "${v}")` });
        return z.NEVER;
      }
      return d;
    });

export const intList = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const bad = parts.find((p) => !/^\d+$/.test(p));
      if (bad) {
        ctx.addIssue({ code: "custom", message: `must be a comma-separated list of ids (got "${bad}")` });
        return z.NEVER;
      }
      return parts.map(Number);
    });

/** `id:base64key,id:base64key` as used by ARCHIVE_PREVIOUS_KEYS. */
export const keyList = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const out: { id: string; key: string }[] = [];
      for (const p of parts) {
        const m = /^([A-Za-z0-9._-]+):([A-Za-z0-9+/=_-]+)$/.exec(p);
        if (!m?.[1] || !m[2]) {
          ctx.addIssue({ code: "custom", message: `must be a comma-separated list of id:base64key pairs (got "${p.split(":")[0]}:…")` });
          return z.NEVER;
        }
        out.push({ id: m[1], key: m[2] });
      }
      return out;
    });

export interface CidrRange {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** `10.0.0.0/8, 2001:db8::/32, 192.0.2.7`: address ranges (a bare address is a /32 or /128). */
export const cidrList = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const out: CidrRange[] = [];
      for (const part of (v ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [address = "", bits] = part.split("/");
        const family = isIP(address) === 4 ? "ipv4" : isIP(address) === 6 ? "ipv6" : null;
        const max = family === "ipv4" ? 32 : 128;
        const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
        if (!family || !(prefix >= 0 && prefix <= max)) {
          ctx.addIssue({ code: "custom", message: `must be a comma-separated list of addresses or CIDR ranges (got "${part}")` });
          return z.NEVER;
        }
        out.push({ address, prefix, family });
      }
      return out;
    });
