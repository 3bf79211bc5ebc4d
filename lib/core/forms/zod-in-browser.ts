import { z } from "zod";

// Schemas that also run in the browser (live form checks) take zod from here. In the browser
// zod must not probe for `new Function` (its fast path): the pages' CSP forbids eval, and even
// the probe is reported as a violation.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
