// @ts-check

/**
 * Response headers applied to every route. The app serves same-origin JSON and
 * server-rendered pages only, so it can be strict about framing, sniffing and
 * referrers. Pages get a stricter, per-request CSP from proxy.ts (script-src by
 * nonce) and HSTS behind https (lib/http/page-security.ts); this static one
 * covers every other response.
 */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  {
    key: "Content-Security-Policy",
    value: "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  },
];

/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // `npm test` (scripts/test.mjs) runs `next typegen && tsc --noEmit` itself before it builds: one type check, not two.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  reactStrictMode: true,
  // Server-only libraries that must not be bundled (native drivers, WASM
  // databases, ...) are listed here as they arrive.
  // PGlite loads its WASM and data files relative to its own module; `pg` is on
  // Next's built-in list already.
  // playwright-core drives Chromium for server-side PDFs and loads its own files at run time;
  // nodemailer and mailparser (lib/notify) load their encodings and transports at run time too.
  serverExternalPackages: ["@electric-sql/pglite", "playwright-core", "nodemailer", "mailparser"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Shared report links (/r/<token>): the token must not leak through a
      // Referer, the page must not be cached or indexed. Later rules win.
      {
        source: "/r/:path*",
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "Cache-Control", value: "no-store" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      },
    ];
  },
};

export default nextConfig;
