import { resolve } from "node:path";
import type { NextConfig } from "next";
import { EVERY_ANSWER_HEADERS } from "./lib/core/security/every-answer-headers";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // BENCH_BUILD=1 adds bench-only pages (page.bench.tsx: app/hub/static-probe for bench/portal-load.ts); a normal build has none.
  pageExtensions: ["tsx", "ts", "jsx", "js", ...(process.env.BENCH_BUILD === "1" ? ["bench.tsx"] : [])],
  // Shared through Redis when REDIS_URL is set; lib/core/cache/next-cache-handler.mjs explains.
  cacheHandler: resolve("lib/core/cache/next-cache-handler.mjs"),
  cacheMaxMemorySize: 0,
  // forbidden() answers 403 with app/hub/admin/forbidden.tsx for signed-in users without the permission.
  // Server actions take a newsroom logo (lib/domains/companies/profile/newsroom-logo.ts: at most 5 MB) with room for the form around it.
  // Image uploads (16 MiB, lib/domains/images/upload) pass the proxy whole; it cuts bodies at 10 MB by default.
  // sri: the build puts an integrity hash on each of its script tags; public pages allow scripts only from us and by hash (docs/security.md).
  experimental: {
    authInterrupts: true,
    serverActions: { bodySizeLimit: "6mb" },
    proxyClientMaxBodySize: "17mb",
    sri: { algorithm: "sha256" },
  },
  // The og variant's credit bar is set in DejaVu Sans (lib/domains/images/processing/credit-bar.ts): traced files must carry the font.
  // Reader pages inline their stylesheets, read from these files (lib/adapters/public/reader-pages/stylesheet.ts).
  outputFileTracingIncludes: {
    "/**": [
      "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
      "app/tokens.css",
      "components/portal/reader.css",
      "components/hub/landing/landing.css",
      // Reader pages render with the installed react-dom, loaded at run time (lib/adapters/public/reader-pages/render.ts).
      "node_modules/react-dom/**",
      "node_modules/react/**",
      "node_modules/scheduler/**",
    ],
  },
  // Native, wasm or driver packages are loaded by Node at run time, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    "pg",
    "sharp",
    "pdfkit",
    // Bundled, it probes for fs and zlib and logs when it cannot load them; Node loads it as it is.
    "exifr",
    "ioredis",
  ],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [...EVERY_ANSWER_HEADERS],
      },
      {
        // The reader pages' script: a new version gets a new name, so browsers keep each for a year.
        source: "/assets/:file*",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
      },
      {
        // Embargoed previews (docs/previews.md): the token in the address never leaves as a Referer.
        source: "/vorschau/:path*",
        // Also on the answers Next makes without the route (OPTIONS, 405, a trailing-slash redirect).
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "Cache-Control", value: "private, no-store" },
          { key: "X-Robots-Tag", value: "noindex, nofollow, noarchive" },
        ],
      },
    ];
  },
};

export default nextConfig;
