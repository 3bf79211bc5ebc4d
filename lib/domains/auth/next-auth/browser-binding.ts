import { randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import { BROWSER_BINDING_COOKIE, secureCookies } from "./cookies";

/** This browser's binding value; set on first use (only where cookies may be written). */
export async function browserBinding(): Promise<string> {
  const jar = await cookies();
  const existing = jar.get(BROWSER_BINDING_COOKIE)?.value;
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing;
  const value = randomBytes(24).toString("base64url");
  jar.set(BROWSER_BINDING_COOKIE, value, { httpOnly: true, sameSite: "lax", secure: secureCookies(), path: "/" });
  return value;
}
