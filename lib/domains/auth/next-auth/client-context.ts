import { clientIpOf } from "@/lib/core/security/client-ip";
import type { ClientContext } from "../sessions/start-session";

/** IP and user agent of a request, from a Headers object or next-auth's plain header record. */
export function clientContextOf(headers: Headers | Record<string, string | string[] | undefined>): ClientContext {
  const h =
    headers instanceof Headers
      ? headers
      : new Headers(
          Object.entries(headers).flatMap(([k, v]) =>
            v === undefined ? [] : [[k, Array.isArray(v) ? v.join(", ") : v] as [string, string]],
          ),
        );
  return { ip: clientIpOf(h), userAgent: h.get("user-agent") };
}
