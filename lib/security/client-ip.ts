import { createHmac } from "node:crypto";
import { getConfig } from "@/lib/config";

/** The client's address as the proxy in front reports it; never stored or logged as is. */
export function clientIpOf(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip")?.trim() || "unknown";
}

export interface IpHmac {
  value: string;
  keyVersion: number;
}

/** The address as a shortened HMAC with the key's version (spec: IPs only as versioned HMACs). */
export function ipHmac(ip: string): IpHmac {
  const { ipHmacKey, ipHmacKeyVersion } = getConfig().security;
  return { value: createHmac("sha256", ipHmacKey).update(ip).digest("base64url").slice(0, 22), keyVersion: ipHmacKeyVersion };
}

/** The key rate limits and throttles count a client by. */
export function clientKeyOf(headers: Headers): string {
  return clientKeyOfIp(clientIpOf(headers));
}

/** The same key for an address already read from the request. */
export function clientKeyOfIp(ip: string): string {
  const { value, keyVersion } = ipHmac(ip);
  return `v${keyVersion}:${value}`;
}
