import { publicPagePolicy } from "@/lib/core/security/public-csp";

/**
 * The policy of every reader page: the same for every request, so a CDN may keep the page with
 * it. No inline script runs (JSON-LD is data); scripts only from our origin.
 */
export const READER_PAGE_POLICY = publicPagePolicy("", null);
